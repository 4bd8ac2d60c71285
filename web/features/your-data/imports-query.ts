import { queryOptions } from '@tanstack/react-query'
import type { ImportJson } from '../../../src/imports/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { answerFailure, apiFailure } from '../../lib/api-error'
import { type SendingFile, sendFile } from '../../lib/send-file'
import '../../i18n/areas/yourData'

export type Import = ImportJson

/** The person's latest imports, newest first; read every second while one runs. */
export const importsQuery = queryOptions({
  queryKey: ['imports'],
  queryFn: async () => {
    const { data, error } = await api.import.get()
    if (error) throw apiFailure(error, t('yourData.import.loadFailed'))
    return data.data.imports
  },
  refetchInterval: (query) => (query.state.data?.some((item) => item.status === 'running') ? 1_000 : false),
})

/** Sends the export to `POST /api/import`; resolves with the new import's id once the server has it. */
export function startImport(
  file: File,
  onProgress: (fraction: number) => void,
): { started: Promise<string>; abort: SendingFile['abort'] } {
  const sending = sendFile('/api/import', file, onProgress)
  const started = sending.answered.then(async ({ status, body }) => {
    const id = (body as { data?: { id?: unknown } } | null)?.data?.id
    if (status === 202 && typeof id === 'string') return id
    throw await answerFailure({ status, value: body }, t('yourData.import.uploadFailed'))
  })
  return { started, abort: sending.abort }
}

export async function cancelImport(id: string): Promise<Import> {
  const { data, error } = await api.import({ id }).cancel.post()
  if (error) throw apiFailure(error, t('yourData.import.cancelFailed'))
  return data.data
}
