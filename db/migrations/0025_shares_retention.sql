CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"leaf_id" uuid NOT NULL,
	"title" text NOT NULL,
	"audience" text DEFAULT 'organization' NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_audience_check" CHECK ("shares"."audience" in ('organization', 'public')),
	CONSTRAINT "shares_view_count_check" CHECK ("shares"."view_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "public_links" boolean;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "retention_chat_days" integer;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "retention_file_days" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_leaf_id_messages_id_fk" FOREIGN KEY ("leaf_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_idx" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shares_chat_idx" ON "shares" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "shares_leaf_idx" ON "shares" USING btree ("leaf_id");--> statement-breakpoint
CREATE INDEX "shares_created_idx" ON "shares" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_retention_chat_check" CHECK ("org_settings"."retention_chat_days" between 1 and 36500);--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_retention_file_check" CHECK ("org_settings"."retention_file_days" between 1 and 36500);