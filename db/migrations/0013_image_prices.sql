ALTER TABLE "org_settings" ADD COLUMN "image_price_square_micros" bigint;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "image_price_portrait_micros" bigint;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "image_price_landscape_micros" bigint;--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_images_message_idx" ON "generated_images" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_image_square_check" CHECK ("org_settings"."image_price_square_micros" >= 0);--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_image_portrait_check" CHECK ("org_settings"."image_price_portrait_micros" >= 0);--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_image_landscape_check" CHECK ("org_settings"."image_price_landscape_micros" >= 0);