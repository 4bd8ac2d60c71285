CREATE TABLE "knowledge_base" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_type" text DEFAULT 'manual' NOT NULL,
	"source_id" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"index_status" text DEFAULT 'pending' NOT NULL,
	"index_error" text,
	"embedding_model" text,
	"created_by_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_base_source_type_check" CHECK ("knowledge_base"."source_type" in ('manual', 'chat', 'document')),
	CONSTRAINT "knowledge_base_index_status_check" CHECK ("knowledge_base"."index_status" in ('pending', 'ready', 'failed')),
	CONSTRAINT "knowledge_base_title_check" CHECK (char_length(btrim("knowledge_base"."title")) between 1 and 200),
	CONSTRAINT "knowledge_base_content_check" CHECK (char_length(btrim("knowledge_base"."content")) > 0)
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"content" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED NOT NULL,
	"embedding" real[]
);
--> statement-breakpoint
ALTER TABLE "org_settings" ADD COLUMN "rag_min_similarity" double precision;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_base" ADD CONSTRAINT "knowledge_base_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_base" ADD CONSTRAINT "knowledge_base_created_by_admin_id_users_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_entry_id_knowledge_base_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."knowledge_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_base_user_created_idx" ON "knowledge_base" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "knowledge_base_shared_created_idx" ON "knowledge_base" USING btree ("created_at","id") WHERE "knowledge_base"."is_shared";--> statement-breakpoint
CREATE INDEX "knowledge_base_tags_idx" ON "knowledge_base" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "knowledge_base_admin_idx" ON "knowledge_base" USING btree ("created_by_admin_id");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_entry_idx" ON "knowledge_chunks" USING btree ("entry_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search");--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_rag_min_similarity_check" CHECK ("org_settings"."rag_min_similarity" between 0 and 1);