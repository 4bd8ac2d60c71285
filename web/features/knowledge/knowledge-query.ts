import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { ApiRequestError, readApiError } from '../../lib/api-error'
import '../../i18n/areas/knowledge'

/**
 * An entry as the server sends it (spec section 3 field names plus `index_status`).
 * Written against DESIGN.md's contract until the server's routes land; then the calls below
 * become Eden calls and this type the route's answer.
 */
export interface KnowledgeEntry {
  id: string
  user_id: string
  source_type: string
  source_id: string | null
  title: string
  content: string
  metadata: Record<string, unknown>
  is_shared: boolean
  tags: string[]
  created_at: string
  index_status: 'pending' | 'ready' | 'failed'
  /** Why indexing failed (the provider's message), or null. */
  index_error: string | null
  /** Whether the acting user may edit and delete it (a teammate's shared entry is read-only). */
  is_owner: boolean
}

export interface KnowledgeSearchResult {
  entry: KnowledgeEntry
  similarity: number
  highlight: string
}

export interface KnowledgeFields {
  title: string
  content: string
  tags: string[]
  is_shared: boolean
}

/** Every knowledge query shares the ['knowledge'] prefix: one invalidation refreshes them all. */
export const KNOWLEDGE_KEY = ['knowledge'] as const
export const KNOWLEDGE_PAGE_SIZE = 50

async function call<T>(method: string, path: string, body: unknown, fallback: string): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/knowledge${path}`, {
      method,
      credentials: 'same-origin',
      ...(body instanceof FormData
        ? { body }
        : body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    })
  } catch {
    throw new ApiRequestError({ message: fallback, code: null, status: null })
  }
  const value: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new ApiRequestError(readApiError({ status: response.status, value }, fallback))
  return (value as { data: T }).data
}

/** The user's own entries and every shared one, newest first; `tags` must all be on an entry. */
export function knowledgeListQuery(tags: string[]) {
  return infiniteQueryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'list', tags],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(KNOWLEDGE_PAGE_SIZE) })
      if (tags.length > 0) query.set('tags', tags.join(','))
      if (pageParam) query.set('cursor', pageParam)
      return call<{ items: KnowledgeEntry[]; nextCursor: string | null }>(
        'GET',
        `?${query}`,
        undefined,
        t('knowledge.panel.loadFailed'),
      )
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The server's search (full-text and, with an embeddings provider, by meaning). */
export function knowledgeSearchQuery(query: string, tags: string[]) {
  return queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'search', query, tags],
    queryFn: () =>
      call<KnowledgeSearchResult[]>(
        'POST',
        '/search',
        { query, ...(tags.length > 0 ? { tags } : {}), limit: 20 },
        t('knowledge.panel.searchFailed'),
      ),
  })
}

/** Whether search also goes by meaning (`vector`), or by words only (no embeddings provider). */
export const knowledgeStatusQuery = queryOptions({
  queryKey: [...KNOWLEDGE_KEY, 'status'],
  queryFn: () =>
    call<{ vector: boolean; mode: 'hybrid' | 'full_text' }>(
      'GET',
      '/status',
      undefined,
      t('knowledge.panel.loadFailed'),
    ),
  staleTime: 60_000,
})

export function knowledgeEntryQuery(id: string) {
  return queryOptions({
    queryKey: [...KNOWLEDGE_KEY, 'entry', id],
    queryFn: () => call<KnowledgeEntry>('GET', `/${id}`, undefined, t('knowledge.panel.entryFailed')),
  })
}

export function createEntry(fields: KnowledgeFields) {
  return call<KnowledgeEntry>('POST', '', { source_type: 'manual', ...fields }, t('knowledge.create.failed'))
}

export function updateEntry(id: string, fields: Partial<KnowledgeFields> & { metadata?: object }) {
  return call<KnowledgeEntry>('PATCH', `/${id}`, fields, t('knowledge.edit.failed'))
}

export function deleteEntry(id: string) {
  return call<unknown>('DELETE', `/${id}`, undefined, t('knowledge.delete.failed'))
}

export function reindexEntry(id: string) {
  return call<KnowledgeEntry>('POST', `/${id}/reindex`, undefined, t('knowledge.status.retryFailed'))
}

/** A PDF, DOCX, text or Markdown file becomes an entry (the server extracts its text), with these tags and sharing. */
export function uploadDocument(file: File, options: { tags: string[]; is_shared: boolean }) {
  const form = new FormData()
  form.append('file', file, file.name)
  const query = new URLSearchParams({ is_shared: String(options.is_shared) })
  if (options.tags.length > 0) query.set('tags', options.tags.join(','))
  return call<KnowledgeEntry>('POST', `/upload?${query}`, form, t('knowledge.create.failed'))
}

export function exportChat(chatId: string) {
  return call<Pick<KnowledgeEntry, 'id' | 'title' | 'metadata'>>(
    'POST',
    '/export-chat',
    { chatId },
    t('knowledge.export.failed'),
  )
}
