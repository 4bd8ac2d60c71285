import type { UploadedFile } from '../../../src/attachments/model'
import { t } from '../../i18n/i18n'
import { answerFailure } from '../../lib/api-error'
import { sendFile, UploadAborted } from '../../lib/send-file'
import '../../i18n/areas/chat'

export type { UploadedFile }
export { UploadAborted }

export interface UploadHandle {
  done: Promise<UploadedFile>
  abort(): void
}

/** Sends one file to `POST /api/uploads` (multipart field `file`), reporting upload progress. */
export function uploadFile(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const sending = sendFile('/api/uploads', file, onProgress)
  const failed = t('chat.attachments.processFailed', { name: file.name })
  const done = sending.answered.then(
    async ({ status, body }) => {
      if (status === 201 && isUploadAnswer(body)) return body.data
      throw await answerFailure({ status, value: body }, failed)
    },
    (error: unknown) => {
      throw error instanceof UploadAborted ? error : new Error(failed)
    },
  )
  return { done, abort: sending.abort }
}

function isUploadAnswer(body: unknown): body is { success: true; data: UploadedFile } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof body.data === 'object' &&
    body.data !== null &&
    'id' in body.data
  )
}
