ALTER TABLE "org_settings" ADD COLUMN "default_model_id" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_company_name" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_product_name" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_tagline" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_logo_key" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_login_background_key" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_primary_color" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "brand_secondary_color" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "display_description" text;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "input_price_override_micros_per_million" bigint;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "output_price_override_micros_per_million" bigint;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "vision_override" boolean;--> statement-breakpoint
CREATE INDEX "usage_created_idx" ON "usage_records" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_primary_color_check" CHECK ("org_settings"."brand_primary_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_secondary_color_check" CHECK ("org_settings"."brand_secondary_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_input_price_override_check" CHECK ("models"."input_price_override_micros_per_million" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_output_price_override_check" CHECK ("models"."output_price_override_micros_per_million" >= 0);