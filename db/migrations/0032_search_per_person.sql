-- Each person's words are their own lexemes (issue 28, docs/decisions/192). One GIN index holds
-- every person's messages, so a prefix ('rev':*) unioned the posting lists of every person's words
-- starting with it, and a phrase's positions were checked on every person's rows that held its
-- words, before `user_id = $1` threw most of them away. With a key of the owner's before each word,
-- the index gives only the person's own rows, and a prefix unions only the person's own words.
-- The key: five letters from the owner's id (letters only, so that the parser reads key and word as
-- one token; a million keys, five bytes more a word). Two people sharing a key only share index
-- entries: `user_id = $1` still decides what is found.
CREATE OR REPLACE FUNCTION parley_search_key(uuid) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select translate(left(md5($1::text), 5), '0123456789', 'ghijklmnop') $$;
--> statement-breakpoint
-- The text as the index reads it (parley_search_text: punctuation, accents, CJK characters apart)
-- with the owner's key before every run of characters that are neither spaces nor ASCII punctuation,
-- so that every token the parser makes of it ("e-mail": e-mail, e, mail; "l'été": l, ete) starts
-- with the key. The query goes through the same function, so both sides are split alike.
CREATE OR REPLACE FUNCTION parley_search_words(uuid, text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select regexp_replace(parley_search_text($2), '[^\s\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+',
    parley_search_key($1) || '\&', 'g') $$;
--> statement-breakpoint
ALTER TABLE "chats" DROP COLUMN "search";
--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, parley_search_words("user_id", "title"))) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "search";
--> statement-breakpoint
-- As 0020: a reply still streaming is indexed once, when it ends.
ALTER TABLE "messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (CASE WHEN "status" = 'streaming' THEN ''::tsvector ELSE to_tsvector('simple'::regconfig, parley_search_words("user_id", "content")) END) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "chats_search_idx" ON "chats" USING gin ("search") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search") WITH (fastupdate = off);
--> statement-breakpoint
-- How many messages the planner expects a query's keyed words to match, all owners together: with the
-- key, that is about the person's own matches. src/search/search-data.ts reads it to choose between
-- the index and a walk through the person's newest messages. The planner itself cannot make that
-- choice any more: it multiplies this figure by the person's share of all messages, as if the words
-- were spread over everyone's, which they no longer are.
-- VOLATILE: Postgres runs EXPLAIN only in a volatile function.
CREATE OR REPLACE FUNCTION parley_search_estimate(tsquery) RETURNS double precision
  LANGUAGE plpgsql VOLATILE STRICT
  AS $$
DECLARE
  plan json;
BEGIN
  IF numnode($1) = 0 THEN
    RETURN 0;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM messages WHERE search @@ %L::tsquery', $1) INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
END
$$;
