ALTER TABLE "chats" ADD COLUMN "branched" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A chat that already has a message with a sibling (an edit or a regenerate since 0019) is branched.
UPDATE "chats" AS c SET "branched" = true WHERE EXISTS (
  SELECT 1 FROM "messages" AS m WHERE m."chat_id" = c."id" GROUP BY m."parent_id" HAVING count(*) > 1
);--> statement-breakpoint
-- Every message stored beside another (same parent, or a second first message) marks its chat
-- branched, whichever code stored it (docs/decisions/158): one index probe per insert.
CREATE OR REPLACE FUNCTION parley_mark_branched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.parent_id IS NULL AND EXISTS (
        SELECT 1 FROM messages s WHERE s.chat_id = NEW.chat_id AND s.parent_id IS NULL AND s.id <> NEW.id))
     OR (NEW.parent_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM messages s WHERE s.parent_id = NEW.parent_id AND s.id <> NEW.id)) THEN
    UPDATE chats SET branched = true WHERE id = NEW.chat_id AND NOT branched;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_mark_branched" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION parley_mark_branched();
