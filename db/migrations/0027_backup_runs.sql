CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"file" text,
	"bytes" bigint,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('manual', 'schedule')),
	CONSTRAINT "backup_runs_status_check" CHECK ("backup_runs"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "backup_runs_bytes_check" CHECK ("backup_runs"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "backup_schedule" text;--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "backup_keep" integer;--> statement-breakpoint
ALTER TABLE "backup_runs" ADD CONSTRAINT "backup_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_runs_folder_idx" ON "backup_runs" USING btree ("folder_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_runs_trigger_idx" ON "backup_runs" USING btree ("trigger","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_runs_requested_by_idx" ON "backup_runs" USING btree ("requested_by");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_backup_schedule_check" CHECK ("org_settings"."backup_schedule" in ('daily', 'off'));--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_backup_keep_check" CHECK ("org_settings"."backup_keep" between 1 and 90);