CREATE TABLE "mcp_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"headers_sealed" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"groups" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"approval" text DEFAULT 'destructive' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_servers_approval_check" CHECK ("mcp_servers"."approval" in ('never', 'destructive', 'always'))
);
--> statement-breakpoint
CREATE TABLE "tool_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"acting_admin_id" uuid,
	"chat_id" uuid,
	"message_id" uuid,
	"tool" text NOT NULL,
	"server_id" uuid,
	"server_name" text,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_runs_status_check" CHECK ("tool_runs"."status" in ('running', 'awaiting_approval', 'done', 'failed', 'denied'))
);
--> statement-breakpoint
ALTER TABLE "chat_configs" ADD COLUMN "tools" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tool_calls" jsonb;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_acting_admin_id_users_id_fk" FOREIGN KEY ("acting_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_runs" ADD CONSTRAINT "tool_runs_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_runs_created_idx" ON "tool_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_user_idx" ON "tool_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_runs_chat_idx" ON "tool_runs" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "tool_runs_message_idx" ON "tool_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "tool_runs_server_idx" ON "tool_runs" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "tool_runs_admin_idx" ON "tool_runs" USING btree ("acting_admin_id");