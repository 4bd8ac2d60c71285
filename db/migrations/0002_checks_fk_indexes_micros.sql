ALTER TABLE "budget_reservations" ADD COLUMN "amount_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "input_price_micros_per_million" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "output_price_micros_per_million" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_records" ADD COLUMN "cost_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "usage_chat_idx" ON "usage_records" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "usage_message_idx" ON "usage_records" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_kind_check" CHECK ("attachments"."kind" in ('pdf', 'docx', 'text', 'image', 'other'));--> statement-breakpoint
ALTER TABLE "budget_reservations" ADD CONSTRAINT "budget_reservations_amount_check" CHECK ("budget_reservations"."amount_micros" >= 0);--> statement-breakpoint
ALTER TABLE "chat_configs" ADD CONSTRAINT "chat_configs_response_format_check" CHECK ("chat_configs"."response_format" in ('text', 'json', 'markdown'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('complete', 'streaming', 'stopped', 'failed'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_provider_check" CHECK ("models"."provider" in ('openai', 'workflow', 'demo'));--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_input_price_check" CHECK ("models"."input_price_micros_per_million" >= 0);--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_output_price_check" CHECK ("models"."output_price_micros_per_million" >= 0);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" in ('password_reset', 'email_confirm', 'email_change'));--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_cost_check" CHECK ("usage_records"."cost_micros" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language_check" CHECK ("users"."preferred_language" in ('en', 'es', 'fr', 'de', 'it', 'pt'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_theme_preference_check" CHECK ("users"."theme_preference" in ('light', 'dark', 'system'));