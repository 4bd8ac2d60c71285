/** Where an entry came from: written by hand, a chat exported, a document uploaded. */
export const knowledgeSourceTypes = ['manual', 'chat', 'document'] as const
export type KnowledgeSourceType = (typeof knowledgeSourceTypes)[number]

/** pending: queued for indexing; ready: searchable; failed: see index_error, retry with reindex. */
export const knowledgeIndexStatuses = ['pending', 'ready', 'failed'] as const
export type KnowledgeIndexStatus = (typeof knowledgeIndexStatuses)[number]

/** The full-text configuration of the chunks' tsvector (docs/decisions/119-knowledge-base.md). */
export const TEXT_SEARCH_CONFIG = 'english'
