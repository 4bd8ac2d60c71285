import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/research'

export type ResearchDepth = 'quick' | 'thorough' | 'comprehensive'
export type ResearchStep = 'planning' | 'searching' | 'reading' | 'reflecting' | 'writing'

/** A research run as the server sends it (GET /api/research/:id and the `research:progress` event). */
export interface Research {
  id: string
  chatId: string
  messageId: string
  topic: string
  depth: ResearchDepth
  sources: { web: boolean; academic: boolean; news: boolean; stats: boolean }
  status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled'
  step: ResearchStep | null
  round: number
  rounds: number
  sourcesFound: number
  sourcesRead: number
  notes: string[]
  startedAt: string | null
  finishedAt: string | null
  elapsedMs: number
  tokens: number
  costMicros: number
  error: string | null
}

export interface ResearchRequest {
  chatId?: string
  topic: string
  includeWeb: boolean
  includeAcademic: boolean
  includeNews: boolean
  includeStats: boolean
  depth: ResearchDepth
}

export const researchKey = (id: string) => ['research', id] as const

/** The run, read when a progress card mounts (leaving and coming back); socket events keep it live after. */
export function researchQuery(id: string) {
  return queryOptions({
    queryKey: researchKey(id),
    queryFn: () => call<Research>('GET', `/api/research/${id}`, t('research.progress.loadFailed')),
    refetchOnWindowFocus: false,
  })
}

export function startResearch(request: ResearchRequest) {
  return call<{ id: string; messageId: string; chatId: string }>(
    'POST',
    '/api/research',
    t('research.toast.failed'),
    request,
  )
}

export function cancelResearch(id: string) {
  return call<Research>('POST', `/api/research/${id}/cancel`, t('research.progress.cancelFailed'))
}

export function retryResearch(id: string) {
  return call<Research>('POST', `/api/research/${id}/retry`, t('research.failed.retryFailed'))
}

/** One call to the research routes: `data` of the envelope, or an ApiRequestError with the server's code. */
async function call<T>(method: 'GET' | 'POST', path: string, fallback: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    })
  } catch {
    throw apiFailure({ value: null }, fallback)
  }
  const value: unknown = await response.json().catch(() => null)
  if (!response.ok || !value || typeof value !== 'object' || !('data' in value)) {
    throw apiFailure({ status: response.status, value }, fallback)
  }
  return (value as { data: T }).data
}
