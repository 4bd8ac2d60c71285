-- Search over every chat title and message (issue 28, docs/decisions/161). Hand-written: the search
-- columns are left out of the Drizzle tables so that ordinary reads never carry them.
-- unaccent folds accents ("résumé" → "resume"); it ships with Postgres' contrib and PGlite loads it
-- (db/pglite-assets.ts). It is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
-- The text as the index reads it: Unicode punctuation first (before unaccent turns « into <<, which
-- the parser would read as a tag), then accents removed (unaccent is only STABLE, since its dictionary
-- could change; naming the dictionary makes this wrapper safe to declare IMMUTABLE, the known
-- pattern for an index or a generated column). Unicode punctuation (quotes, dashes, ellipses,
-- CJK marks) becomes spaces so that "“budget”" is the word budget whatever the server's locale, and
-- each Chinese or Japanese character a word of its own (no spaces between their words: a query's
-- characters then match as a phrase, i.e. as a substring). Only the first 100,000 characters are
-- read: a tsvector holds at most 1 MB.
CREATE OR REPLACE FUNCTION parley_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select public.unaccent('public.unaccent'::regdictionary, regexp_replace(left($1, 100000),
    '([\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f])|[\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2190-\u2bff\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]',
    ' \1 ', 'g')) $$;
--> statement-breakpoint
-- 'simple': no stemming and no stop words, the same for the six languages in one column.
ALTER TABLE "chats" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, parley_search_text("title"))) STORED NOT NULL;
--> statement-breakpoint
-- A reply still streaming is not indexed yet: its text is saved every half second
-- (src/messages/partial-saves.ts), and reading it again each time would cost more with every save;
-- it is read once, when the reply ends (complete, stopped or failed).
ALTER TABLE "messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (CASE WHEN "status" = 'streaming' THEN ''::tsvector ELSE to_tsvector('simple'::regconfig, parley_search_text("content")) END) STORED NOT NULL;
--> statement-breakpoint
-- Without GIN's pending list, as 0016 for knowledge: PGlite has no autovacuum to merge it, so every
-- search would read it whole.
CREATE INDEX "chats_search_idx" ON "chats" USING gin ("search") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search") WITH (fastupdate = off);
--> statement-breakpoint
-- A person's messages newest first (replacing the index on user_id alone, which the foreign key's
-- cascade now uses this one for): for a word in thousands of messages ("bu…" while typing), the
-- newest matches are read in order and the scan stops at enough, rather than every match read and sorted.
DROP INDEX "messages_user_idx";
--> statement-breakpoint
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at");
