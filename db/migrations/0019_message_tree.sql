ALTER TABLE "chats" ADD COLUMN "current_leaf_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "feedback_rating" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "feedback_comment" text;--> statement-breakpoint
-- Every existing chat becomes a single-branch tree: each message follows the one before it in the
-- order the chat has always been read in (created_at, id). Nothing is removed; a chat's current leaf
-- stays null, which reads as its newest message (docs/decisions/158).
UPDATE "messages" AS m SET "parent_id" = ordered."previous"
FROM (
  SELECT "id", lag("id") OVER (PARTITION BY "chat_id" ORDER BY "created_at", "id") AS "previous"
  FROM "messages"
) AS ordered
WHERE m."id" = ordered."id" AND ordered."previous" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_current_leaf_id_messages_id_fk" FOREIGN KEY ("current_leaf_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chats_current_leaf_idx" ON "chats" USING btree ("current_leaf_id");--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_chat_roots_idx" ON "messages" USING btree ("chat_id","created_at","id") WHERE "messages"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "messages_rated_idx" ON "messages" USING btree ("created_at") WHERE "messages"."feedback_rating" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_feedback_rating_check" CHECK ("messages"."feedback_rating" in ('up', 'down'));