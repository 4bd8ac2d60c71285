CREATE TABLE "saved_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"prompt_text" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"model_id" text,
	"variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"tools" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_prompts_category_check" CHECK ("saved_prompts"."category" in ('general', 'technical', 'creative', 'analysis', 'learning')),
	CONSTRAINT "saved_prompts_use_count_check" CHECK ("saved_prompts"."use_count" >= 0),
	CONSTRAINT "saved_prompts_title_check" CHECK (char_length("saved_prompts"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "saved_prompts" ADD CONSTRAINT "saved_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_prompts_user_idx" ON "saved_prompts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_prompts_public_idx" ON "saved_prompts" USING btree ("is_public","use_count");