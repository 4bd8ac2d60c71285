import { queryOptions } from '@tanstack/react-query'
import type { ResearchSourceKind, SourceAvailability } from '../../../src/research/availability'
import type { ResearchJson } from '../../../src/research/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/research'

export type ResearchDepth = 'quick' | 'thorough' | 'comprehensive'

/** A research run as the server sends it (GET /api/research/:id and the `research:progress` event). */
export type Research = ResearchJson
export type ResearchStep = NonNullable<Research['step']>

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
    queryFn: async () => {
      const { data, error } = await api.research({ id }).get()
      if (error) throw apiFailure(error, t('research.progress.loadFailed'))
      return data.data
    },
    refetchOnWindowFocus: false,
  })
}

export type { ResearchSourceKind, SourceAvailability }

/** Which sources this server can search (GET /api/research/sources), read each time the dialog opens. */
export const researchSourcesQuery = queryOptions({
  queryKey: ['research-sources'],
  queryFn: async () => {
    const { data, error } = await api.research.sources.get()
    if (error) throw apiFailure(error, t('research.toast.failed'))
    return data.data
  },
  staleTime: 0,
})

export async function startResearch(request: ResearchRequest) {
  const { data, error } = await api.research.post(request)
  if (error) throw apiFailure(error, t('research.toast.failed'))
  return data.data
}

export async function cancelResearch(id: string) {
  const { data, error } = await api.research({ id }).cancel.post()
  if (error) throw apiFailure(error, t('research.progress.cancelFailed'))
  return data.data
}

export async function retryResearch(id: string) {
  const { data, error } = await api.research({ id }).retry.post()
  if (error) throw apiFailure(error, t('research.failed.retryFailed'))
  return data.data
}
