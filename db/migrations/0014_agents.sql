CREATE TABLE "agent_workflows" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"offered" boolean DEFAULT true NOT NULL,
	"webhook_url" text,
	"secret_sealed" text,
	"timeout_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_workflows_agent_check" CHECK ("agent_workflows"."agent_id" in ('rag', 'jokes', 'calendar')),
	CONSTRAINT "agent_workflows_timeout_check" CHECK ("agent_workflows"."timeout_seconds" between 1 and 3600)
);
--> statement-breakpoint
CREATE TABLE "calendar_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"verifier_sealed" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_agent_settings" (
	"user_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"enabled" boolean,
	"visible" boolean,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"oauth_redirect_url" text,
	"oauth_client_id" text,
	"oauth_client_secret_sealed" text,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"calendar_email" text,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_agent_settings_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id"),
	CONSTRAINT "user_agent_settings_agent_check" CHECK ("user_agent_settings"."agent_id" in ('rag', 'jokes', 'calendar'))
);
--> statement-breakpoint
ALTER TABLE "calendar_oauth_states" ADD CONSTRAINT "calendar_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_oauth_states" ADD CONSTRAINT "calendar_oauth_states_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_agent_settings" ADD CONSTRAINT "user_agent_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_oauth_states_user_idx" ON "calendar_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_oauth_states_session_idx" ON "calendar_oauth_states" USING btree ("session_id");