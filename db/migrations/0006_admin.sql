CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"acting_as_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"daily_limit_micros" bigint,
	"monthly_limit_micros" bigint,
	"alert_threshold" integer,
	"enforce" boolean,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_settings_single_row" CHECK ("org_settings"."id" = 1),
	CONSTRAINT "org_settings_daily_check" CHECK ("org_settings"."daily_limit_micros" >= 0),
	CONSTRAINT "org_settings_monthly_check" CHECK ("org_settings"."monthly_limit_micros" >= 0),
	CONSTRAINT "org_settings_threshold_check" CHECK ("org_settings"."alert_threshold" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_budget_overrides" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_limit_micros" bigint,
	"monthly_limit_micros" bigint,
	"alert_threshold" integer,
	"enforce" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_budget_overrides_daily_check" CHECK ("user_budget_overrides"."daily_limit_micros" >= 0),
	CONSTRAINT "user_budget_overrides_monthly_check" CHECK ("user_budget_overrides"."monthly_limit_micros" >= 0),
	CONSTRAINT "user_budget_overrides_threshold_check" CHECK ("user_budget_overrides"."alert_threshold" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_budget_overrides" ADD CONSTRAINT "user_budget_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The audit trail is append-only: no role the app uses may change or delete an entry.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
