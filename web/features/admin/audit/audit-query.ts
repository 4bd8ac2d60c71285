import { infiniteQueryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminUsers'

export const AUDIT_PAGE_SIZE = 50

/** The filters as the server takes them (empty = not filtered); `from`/`to` are ISO instants, `to` exclusive. */
export interface AuditFilters {
  action: string
  actor: string
  target: string
  /** An e-mail or name, or part of one (the server matches deleted accounts' recorded ones too). */
  actorEmail: string
  targetEmail: string
  from: string
  to: string
}

export function auditQuery(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: async ({ pageParam }) => {
      const query: Record<string, string> = { limit: String(AUDIT_PAGE_SIZE) }
      for (const [name, value] of Object.entries(filters)) if (value) query[name] = value
      if (pageParam) query.cursor = pageParam
      const { data, error } = await api.admin.audit.get({ query })
      if (error) throw apiFailure(error, t('adminUsers.audit.loadFailed'))
      return data.data
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

type AuditPage = Awaited<ReturnType<NonNullable<ReturnType<typeof auditQuery>['queryFn']>>>
export type AuditEntry = AuditPage['items'][number]
