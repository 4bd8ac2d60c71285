import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { KnowledgeEntryJson } from '../../../src/knowledge/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { answerFailure, apiFailure } from '../../lib/api-error'
import '../../i18n/areas/knowledge'

/** An entry as the server sends it: the spec's field names, `index_status`, `index_error`, `is_owner`. */
export type KnowledgeEntry = KnowledgeEntryJson

export interface KnowledgeFields {
  title: string
  content: string
  tags: string[]
  is_shared: boolean
  /** The groups whose members may read it (issue 29); left out, an edit keeps them. */
  sharedGroupIds?: string[]
}

/** Every knowledge query shares the ['knowledge'] prefix: one invalidation refreshes them all. */
export const KNOWLEDGE_KEY = ['knowledge'] as const
export const KNOWLEDGE_PAGE_SIZE = 50

/** The user's own entries and every shared one, newest first; `tags` must all be on an entry. */
export function knowledgeListQuery(tags: string[]) {
  return infiniteQueryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'list', tags],
    queryFn: async ({ pageParam }) => {
      const { data, error } = await api.knowledge.get({
        query: {
          limit: KNOWLEDGE_PAGE_SIZE,
          ...(tags.length > 0 ? { tags: tags.join(',') } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      })
      if (error) throw apiFailure(error, t('knowledge.panel.loadFailed'))
      return data.data
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The server's search (full-text and, with an embeddings provider, by meaning). */
export function knowledgeSearchQuery(query: string, tags: string[]) {
  return queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'search', query, tags],
    queryFn: async () => {
      const { data, error } = await api.knowledge.search.post({
        query,
        ...(tags.length > 0 ? { tags } : {}),
        limit: 20,
      })
      if (error) throw apiFailure(error, t('knowledge.panel.searchFailed'))
      return data.data
    },
  })
}

/**
 * Every tag of the entries the user sees (own and shared), sorted: the panel's filters. From the
 * server, so a tag goes when its last entry is deleted or stops being shared.
 */
export const knowledgeTagsQuery = queryOptions({
  queryKey: [...KNOWLEDGE_KEY, 'tags'],
  queryFn: async () => {
    const { data, error } = await api.knowledge.tags.get()
    if (error) throw apiFailure(error, t('knowledge.panel.loadFailed'))
    return data.data
  },
})

/** Whether search also goes by meaning (`vector`), or by words only (no embeddings provider). */
export const knowledgeStatusQuery = queryOptions({
  queryKey: [...KNOWLEDGE_KEY, 'status'],
  queryFn: async () => {
    const { data, error } = await api.knowledge.status.get()
    if (error) throw apiFailure(error, t('knowledge.panel.loadFailed'))
    return data.data
  },
  staleTime: 60_000,
})

export function knowledgeEntryQuery(id: string) {
  return queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'entry', id],
    queryFn: async () => {
      const { data, error } = await api.knowledge({ id }).get()
      if (error) throw apiFailure(error, t('knowledge.panel.entryFailed'))
      return data.data
    },
  })
}

export async function createEntry(fields: KnowledgeFields) {
  const { data, error } = await api.knowledge.post({ source_type: 'manual', ...fields })
  if (error) throw apiFailure(error, t('knowledge.create.failed'))
  return data.data
}

export async function updateEntry(
  id: string,
  fields: Partial<KnowledgeFields> & { metadata?: Record<string, unknown> },
) {
  const { data, error } = await api.knowledge({ id }).patch(fields)
  if (error) throw apiFailure(error, t('knowledge.edit.failed'))
  return data.data
}

export async function deleteEntry(id: string) {
  const { error } = await api.knowledge({ id }).delete()
  if (error) throw apiFailure(error, t('knowledge.delete.failed'))
}

export async function reindexEntry(id: string) {
  const { data, error } = await api.knowledge({ id }).reindex.post()
  if (error) throw apiFailure(error, t('knowledge.status.retryFailed'))
  return data.data
}

export async function cancelIndexing(id: string) {
  const { data, error } = await api.knowledge({ id }).cancel.post()
  if (error) throw apiFailure(error, t('knowledge.status.cancelFailed'))
  return data.data
}

/**
 * A PDF, DOCX, text or Markdown file becomes an entry (the server extracts its text), with these
 * tags and sharing. Plain `fetch`: the route reads the multipart body itself (no body schema),
 * which Eden does not pass through as FormData. Same origin, so the session cookie goes with it.
 */
export async function uploadDocument(file: File, options: { tags: string[]; is_shared: boolean }) {
  const form = new FormData()
  form.append('file', file, file.name)
  const query = new URLSearchParams({ is_shared: options.is_shared ? 'true' : 'false' })
  if (options.tags.length > 0) query.set('tags', options.tags.join(','))
  const fallback = t('knowledge.create.failed')
  const response = await fetch(`/api/knowledge/upload?${query}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  }).catch(() => null)
  const value: unknown = await response?.json().catch(() => null)
  if (!response?.ok) throw await answerFailure({ status: response?.status ?? null, value }, fallback)
  return (value as { data: KnowledgeEntry }).data
}

export async function exportChat(chatId: string) {
  const { data, error } = await api.knowledge['export-chat'].post({ chatId })
  if (error) throw apiFailure(error, t('knowledge.export.failed'))
  return data.data
}
