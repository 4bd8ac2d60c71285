CREATE TABLE "impersonations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"admin_email" text NOT NULL,
	"admin_name" text,
	"target_id" uuid NOT NULL,
	"admin_session_id" text NOT NULL,
	"reason_code" text NOT NULL,
	"case_number" text NOT NULL,
	"note" text,
	"duration_minutes" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"expiring_notified_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by_id" uuid,
	CONSTRAINT "impersonations_reason_code_check" CHECK ("impersonations"."reason_code" in ('customer_request', 'bug_investigation', 'account_recovery', 'compliance_review')),
	CONSTRAINT "impersonations_end_reason_check" CHECK ("impersonations"."end_reason" in ('stopped', 'expired', 'ended_by_admin', 'admin_banned', 'admin_demoted', 'admin_deleted', 'target_deleted', 'target_banned', 'signed_out'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_id" uuid;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonations_target_idx" ON "impersonations" USING btree ("target_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "impersonations_admin_idx" ON "impersonations" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "impersonations_started_idx" ON "impersonations" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "impersonations_active_idx" ON "impersonations" USING btree ("expires_at") WHERE "impersonations"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonation_id_impersonations_id_fk" FOREIGN KEY ("impersonation_id") REFERENCES "public"."impersonations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonation_idx" ON "sessions" USING btree ("impersonation_id");