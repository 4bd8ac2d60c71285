CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"source" text,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"report" jsonb DEFAULT '{"chats":0,"messages":0,"duplicates":0,"skipped":[],"skipped_count":0}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "imports_source_check" CHECK ("imports"."source" in ('chatgpt', 'claude', 'parley')),
	CONSTRAINT "imports_progress_check" CHECK ("imports"."progress_done" >= 0 and "imports"."progress_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "import_source" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_user_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_running_idx" ON "imports" USING btree ("user_id") WHERE "imports"."status" = 'running';--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_import_source_idx" ON "chats" USING btree ("user_id","import_source") WHERE "chats"."import_source" is not null;--> statement-breakpoint
CREATE INDEX "chats_import_idx" ON "chats" USING btree ("import_id") WHERE "chats"."import_id" is not null;