/**
 * A minimal S3-compatible server for tests: path-style object PUT/GET/HEAD/DELETE, ListObjectsV2
 * with prefix and pagination, and multipart uploads, kept in memory. It checks that requests
 * are SigV4-signed with the expected access key and answers errors as S3 does (XML bodies).
 */
export interface FakeS3 {
  url: string
  bucket: string
  objects: Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>
  requests: string[]
  /** Answer every request with a 500 InternalError while true. */
  failing: boolean
  stop(): Promise<void>
}

export function startFakeS3(
  options: { bucket?: string; accessKeyId?: string; pageSize?: number } = {},
): FakeS3 {
  const bucket = options.bucket ?? 'parley-test'
  const accessKeyId = options.accessKeyId ?? 'test-key'
  const pageSize = options.pageSize ?? 1000
  const objects = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>()
  const uploads = new Map<string, { type: string; parts: Map<number, Uint8Array<ArrayBuffer>> }>()
  const requests: string[] = []
  const state = { failing: false }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      requests.push(`${request.method} ${url.pathname}${url.search}`)
      if (state.failing) return s3Error(500, 'InternalError', 'We encountered an internal error.')
      const auth = request.headers.get('authorization') ?? ''
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        return s3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.')
      }
      const [, bucketName, ...rest] = url.pathname.split('/')
      if (bucketName !== bucket) return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist')
      const key = rest.map(decodeURIComponent).join('/')
      const params = url.searchParams

      if (!key && request.method === 'GET' && params.get('list-type') === '2') {
        return listObjects(params.get('prefix') ?? '', params.get('continuation-token'))
      }
      if (request.method === 'POST' && params.has('uploads')) {
        const uploadId = crypto.randomUUID()
        uploads.set(uploadId, { type: request.headers.get('content-type') ?? '', parts: new Map() })
        return xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        )
      }
      const uploadId = params.get('uploadId')
      if (uploadId) {
        const upload = uploads.get(uploadId)
        if (!upload) return s3Error(404, 'NoSuchUpload', 'The specified upload does not exist.')
        if (request.method === 'PUT') {
          const partNumber = Number(params.get('partNumber'))
          upload.parts.set(partNumber, new Uint8Array(await request.arrayBuffer()))
          return new Response(null, { headers: { etag: `"part-${partNumber}"` } })
        }
        if (request.method === 'POST') {
          const numbers = [...(await request.text()).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
            Number(m[1]),
          )
          const chunks = numbers.map((n) => upload.parts.get(n) ?? new Uint8Array())
          objects.set(key, { body: concat(chunks), type: upload.type })
          uploads.delete(uploadId)
          return xml(
            `<CompleteMultipartUploadResult><Key>${escapeXml(key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
          )
        }
        if (request.method === 'DELETE') {
          uploads.delete(uploadId)
          return new Response(null, { status: 204 })
        }
      }
      if (request.method === 'PUT') {
        objects.set(key, {
          body: new Uint8Array(await request.arrayBuffer()),
          type: request.headers.get('content-type') ?? 'application/octet-stream',
        })
        return new Response(null, { headers: { etag: '"object"' } })
      }
      if (request.method === 'DELETE') {
        objects.delete(key)
        return new Response(null, { status: 204 })
      }
      const object = objects.get(key)
      if (request.method === 'GET' || request.method === 'HEAD') {
        if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.')
        const headers = {
          'content-type': object.type,
          'content-length': String(object.body.length),
          etag: '"object"',
          'last-modified': new Date().toUTCString(),
        }
        return new Response(request.method === 'HEAD' ? null : object.body, { headers })
      }
      return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.')
    },
  })

  function listObjects(prefix: string, token: string | null) {
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()
    const start = token ? keys.findIndex((k) => k > token) : 0
    const page = start < 0 ? [] : keys.slice(start, start + pageSize)
    const truncated = start >= 0 && start + pageSize < keys.length
    const contents = page
      .map(
        (k) => `<Contents><Key>${escapeXml(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
      )
      .join('')
    return xml(
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
    )
  }

  return {
    url: `http://127.0.0.1:${server.port}`,
    bucket,
    objects,
    requests,
    get failing() {
      return state.failing
    },
    set failing(value) {
      state.failing = value
    },
    stop: () => server.stop(true),
  }
}

function xml(body: string, status = 200) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, {
    status,
    headers: { 'content-type': 'application/xml' },
  })
}

function s3Error(status: number, code: string, message: string) {
  return xml(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`, status)
}

function escapeXml(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function concat(chunks: Uint8Array<ArrayBuffer>[]) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
