import type { UploadedFile } from '../../../src/attachments/model'
import { t } from '../../i18n/i18n'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/chat'

export type { UploadedFile }

export interface UploadHandle {
  done: Promise<UploadedFile>
  abort(): void
}

export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled')
  }
}

/**
 * Sends one file to `POST /api/uploads` (multipart field `file`), reporting upload progress.
 *
 * This is the one request the client makes without Eden: neither Eden nor `fetch` reports upload
 * progress (a streamed `fetch` body needs HTTP/2 and half-duplex support that Chromium only has over
 * HTTPS and Firefox/Safari lack), while XMLHttpRequest's `upload.onprogress` works everywhere. Same
 * origin, so the session cookie and the Origin header go with it as with every other call.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest()
  const done = new Promise<UploadedFile>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body = parseJson(xhr.responseText)
      if (xhr.status === 201 && isUploadAnswer(body)) return resolve(body.data)
      reject(
        apiFailure(
          { status: xhr.status, value: body },
          t('chat.attachments.processFailed', { name: file.name }),
        ),
      )
    }
    xhr.onerror = () => reject(new Error(t('chat.attachments.processFailed', { name: file.name })))
    xhr.onabort = () => reject(new UploadAborted())
  })
  const form = new FormData()
  form.append('file', file, file.name)
  xhr.open('POST', '/api/uploads')
  xhr.send(form)
  return { done, abort: () => xhr.abort() }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
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
