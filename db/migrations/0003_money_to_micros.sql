-- Money moves from double precision dollars to integer micro-dollars
-- (docs/decisions/102-exact-money-and-constraints.md). Through numeric, so a stored 0.000015 becomes
-- exactly 15 (float8 → numeric keeps 15 significant digits, which drops binary noise such as
-- 0.30000000000000004), and rounding is half away from zero rather than float's half to even.
UPDATE "usage_records" SET "cost_micros" = round("cost_usd"::numeric * 1000000)::bigint;
--> statement-breakpoint
-- A reservation is a worst case: rounding up keeps it one.
UPDATE "budget_reservations" SET "amount_micros" = ceil("amount_usd"::numeric * 1000000)::bigint;
--> statement-breakpoint
UPDATE "models" SET
  "input_price_micros_per_million" = round("input_price_per_million"::numeric * 1000000)::bigint,
  "output_price_micros_per_million" = round("output_price_per_million"::numeric * 1000000)::bigint;
