import type { Storage } from '../context'
import { assertStorageKey } from './key'

export interface S3Settings {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph...) through Bun's native client.
 * Streams are uploaded as they arrive (Bun switches to a multipart upload past 5 MiB).
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new Bun.S3Client({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  })
  async function remove(key: string) {
    assertStorageKey(key)
    try {
      await client.delete(key)
    } catch (error) {
      // S3 itself answers 204 for a missing key; some compatible servers answer NoSuchKey.
      if (!isNoSuchKey(error)) throw error
    }
  }
  return {
    async put(key, body, contentType) {
      assertStorageKey(key)
      const data = body instanceof ReadableStream ? new Response(body) : body
      const size = await client.write(key, data, { type: contentType })
      return { size }
    },
    async get(key) {
      assertStorageKey(key)
      // An S3File is lazy and cannot be handed to `new Response` as a body, so the object is read
      // once here: one GET, and a missing key surfaces as NoSuchKey instead of a later read error.
      try {
        return new Blob([await client.file(key).arrayBuffer()])
      } catch (error) {
        if (isNoSuchKey(error)) return null
        throw error
      }
    },
    delete: remove,
    async deletePrefix(prefix) {
      // A prefix is a folder: `users/ab` must never match `users/abc/...`.
      const folder = prefix.endsWith('/') ? prefix : `${prefix}/`
      assertStorageKey(folder)
      let continuationToken: string | undefined
      do {
        const page = await client.list({ prefix: folder, continuationToken })
        for (const object of page.contents ?? []) await remove(object.key)
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
      } while (continuationToken)
    },
    async list(prefix) {
      const folder = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`
      if (folder) assertStorageKey(folder)
      const keys: string[] = []
      let continuationToken: string | undefined
      do {
        const page = await client.list({ ...(folder ? { prefix: folder } : {}), continuationToken })
        for (const object of page.contents ?? []) keys.push(object.key)
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
      } while (continuationToken)
      return keys.sort()
    },
  }
}

function isNoSuchKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'NoSuchKey'
}
