CREATE TABLE "research_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"depth" text NOT NULL,
	"sources" jsonb NOT NULL,
	"model_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"step" text,
	"round" integer DEFAULT 0 NOT NULL,
	"rounds" integer NOT NULL,
	"state" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"error" text,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"lease_id" uuid,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_runs_depth_check" CHECK ("research_runs"."depth" in ('quick', 'thorough', 'comprehensive')),
	CONSTRAINT "research_runs_status_check" CHECK ("research_runs"."status" in ('queued', 'running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "research_runs_step_check" CHECK ("research_runs"."step" in ('planning', 'searching', 'reading', 'reflecting', 'writing')),
	CONSTRAINT "research_runs_cost_check" CHECK ("research_runs"."cost_micros" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "research_id" uuid;--> statement-breakpoint
ALTER TABLE "research_runs" ADD CONSTRAINT "research_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_runs" ADD CONSTRAINT "research_runs_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_runs" ADD CONSTRAINT "research_runs_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_runs_user_idx" ON "research_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "research_runs_chat_idx" ON "research_runs" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "research_runs_message_idx" ON "research_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "research_runs_status_idx" ON "research_runs" USING btree ("status");