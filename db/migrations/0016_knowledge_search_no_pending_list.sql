-- Full-text search without GIN's pending list (docs/decisions/134): PGlite has no autovacuum to
-- merge it, so every search read it whole. Altered rather than rebuilt: merging the list now is
-- cheaper than building the index again on a large knowledge base.
ALTER INDEX "knowledge_chunks_search_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('knowledge_chunks_search_idx'::regclass);
