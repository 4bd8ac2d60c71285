ALTER TABLE "budget_reservations" ALTER COLUMN "amount_micros" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "budget_reservations" DROP COLUMN "amount_usd";--> statement-breakpoint
ALTER TABLE "models" DROP COLUMN "input_price_per_million";--> statement-breakpoint
ALTER TABLE "models" DROP COLUMN "output_price_per_million";--> statement-breakpoint
ALTER TABLE "usage_records" DROP COLUMN "cost_usd";