import { queryOptions } from '@tanstack/react-query'
import type { ExportJson } from '../../../src/account-export/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/yourData'

export type DataExport = ExportJson

/** The person's latest exports of all their data, newest first; read every 2 s while one is prepared. */
export const exportsQuery = queryOptions({
  queryKey: ['account-exports'],
  queryFn: async () => {
    const { data, error } = await api.account.exports.get()
    if (error) throw apiFailure(error, t('yourData.export.loadFailed'))
    return data.data.exports
  },
  refetchInterval: (query) => (query.state.data?.[0]?.status === 'running' ? 2_000 : false),
})

export async function startExport(): Promise<string> {
  const { data, error } = await api.account.export.post()
  if (error) throw apiFailure(error, t('yourData.export.startFailed'))
  return data.data.id
}

/** A plain link: the browser saves the zip as it streams. */
export const exportDownloadHref = (id: string) => `/api/account/exports/${encodeURIComponent(id)}/download`
