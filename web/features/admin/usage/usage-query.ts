import { queryOptions } from '@tanstack/react-query'
import type { UsageJson } from '../../../../src/admin/usage/model'
import { t } from '../../../i18n/i18n'
import { answerFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminUsage'

export type UsageDays = 30 | 90
export type UsageCsv = 'day' | 'model' | 'user' | 'tools'
export type Usage = UsageJson

/**
 * GET /api/admin/usage, read with fetch rather than the shared Eden client (web/lib/api.ts): that
 * one turns date-like strings into Date objects, and the days here are calendar dates
 * ('2026-11-24') that must stay the strings the server sends. Same origin: the session cookie goes.
 */
export const usageQuery = (days: UsageDays) =>
  queryOptions({
    queryKey: ['admin', 'usage', days],
    queryFn: async (): Promise<Usage> => {
      const response = await fetch(`/api/admin/usage?days=${days}`, { credentials: 'same-origin' })
      const body: unknown = await response.json().catch(() => null)
      if (!response.ok)
        throw await answerFailure({ status: response.status, value: body }, t('adminUsage.loadFailed'))
      return (body as { data: Usage }).data
    },
    // The figures move only as people chat: no refetch on every focus.
    staleTime: 60_000,
  })

/** The CSV download's address (same origin: the session cookie goes with the link). */
export const csvUrl = (days: UsageDays, by: UsageCsv) => `/api/admin/usage.csv?days=${days}&by=${by}`
