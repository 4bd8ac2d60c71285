/** A file being sent: what the server answered, once it has, and a way to stop. */
export interface SendingFile {
  /** The status and the parsed JSON body (null when the body was not JSON). */
  answered: Promise<{ status: number; body: unknown }>
  abort(): void
}

export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled')
  }
}

/**
 * Sends one file as the multipart field `file` to `url`, reporting upload progress (0..1).
 *
 * The one kind of request the client makes without Eden: neither Eden nor `fetch` reports upload
 * progress (a streamed `fetch` body needs HTTP/2 and half-duplex support that Chromium only has over
 * HTTPS and Firefox/Safari lack), while XMLHttpRequest's `upload.onprogress` works everywhere. Same
 * origin, so the session cookie and the Origin header go with it as with every other call. Rejects
 * with UploadAborted when aborted, with an Error when the network failed.
 */
export function sendFile(url: string, file: File, onProgress: (fraction: number) => void): SendingFile {
  const xhr = new XMLHttpRequest()
  const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) })
    xhr.onerror = () => reject(new Error('network'))
    xhr.onabort = () => reject(new UploadAborted())
  })
  const form = new FormData()
  form.append('file', file, file.name)
  xhr.open('POST', url)
  xhr.send(form)
  return { answered, abort: () => xhr.abort() }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
