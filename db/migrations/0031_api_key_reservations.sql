CREATE TABLE "api_key_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_key_id" uuid NOT NULL,
	"amount_micros" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_key_reservations_amount_check" CHECK ("api_key_reservations"."amount_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_key_reservations" ADD CONSTRAINT "api_key_reservations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_reservations_key_expires_idx" ON "api_key_reservations" USING btree ("api_key_id","expires_at");