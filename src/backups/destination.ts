import { createHash } from 'node:crypto'
import { readdir, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { S3Settings } from '../storage/s3'
import { BackupError } from './errors'

/*
 * Where finished archives are kept (docs/decisions/168-admin-backups.md, addendum "Backups in the
 * S3 bucket"): DATA_DIR/backups, or the S3 bucket's `backups/` prefix when S3_* is configured.
 * Stored files' keys start with `users/<id>/` or `branding/` (src/storage), so no stored file is
 * ever under `backups/`, and an account's deletion (`users/<id>/`) never reaches an archive.
 */

/** The bucket's prefix for archives; the backup's own file listing and the restore's skip it. */
export const BUCKET_PREFIX = 'backups/'

export interface ArchiveEntry {
  size: number
  /** The object's or the file's modification time, when known. */
  modified?: Date
}

export interface StoredArchive {
  size: number
  /** The archive's bytes, read as they are sent (a bucket's object is streamed, not loaded whole). */
  read(): Blob | ReadableStream<Uint8Array>
}

export interface BackupDestination {
  /** Where archives are, for messages: the folder's path or `s3://<bucket>/backups/`. */
  where: string
  /**
   * A bucket only: uploads a complete archive written in the backups folder as `name`, and answers
   * its address. A folder's archives are written in place and have nothing to upload.
   */
  upload?: (path: string, name: string) => Promise<string>
  /** Every file directly in the destination by name (a bucket lists the folder's too). */
  list(): Promise<Map<string, ArchiveEntry>>
  /** The archive `name`, or null when there is none. */
  find(name: string): Promise<StoredArchive | null>
  remove(name: string): Promise<void>
}

/** The bucket when S3 is configured, else the backups folder. */
export function backupDestination(folder: string, s3: S3Settings | undefined): BackupDestination {
  return s3 ? bucketDestination(s3, folder) : folderDestination(folder)
}

/**
 * The id of a bucket's backups as runs name it (`backup_runs.folder_id`): the same for every
 * instance using that bucket, so they share one list and one rotation. Derived, not stored: there
 * is nothing to create, so two instances starting at once cannot make two.
 */
export function bucketFolderId(s3: Pick<S3Settings, 'bucket' | 'endpoint'>): string {
  const hash = createHash('sha256')
    .update(`${s3.endpoint ?? 'aws'}\n${s3.bucket}`)
    .digest('hex')
  return `s3:${hash.slice(0, 32)}`
}

/** An archive's name is a file name of the destination itself: no path, nothing hidden. */
function checkName(name: string): string {
  if (!name || basename(name) !== name || name.startsWith('.'))
    throw new Error(`invalid backup archive name: ${JSON.stringify(name)}`)
  return name
}

function folderDestination(folder: string): BackupDestination {
  const pathOf = (name: string) => join(folder, checkName(name))
  return {
    where: folder,
    async list() {
      const names = await readdir(folder).catch((error: { code?: string }) => {
        if (error.code === 'ENOENT') return [] as string[]
        throw error
      })
      const found = new Map<string, ArchiveEntry>()
      for (const name of names.filter((name) => !name.startsWith('.'))) {
        const info = await stat(join(folder, name)).catch(() => null)
        if (info?.isFile()) found.set(name, { size: info.size, modified: info.mtime })
      }
      return found
    },
    async find(name) {
      const path = pathOf(name)
      const info = await stat(path).catch(() => null)
      return info?.isFile() ? { size: info.size, read: () => Bun.file(path) } : null
    },
    async remove(name) {
      await rm(pathOf(name), { force: true })
    },
  }
}

/**
 * The bucket's `backups/` prefix. Archives in the folder stay visible beside it (those taken before
 * a migration, which stay local, and any written before S3 was configured): listed, downloaded and
 * deleted as before; an object of the same name wins.
 */
function bucketDestination(s3: S3Settings, folder: string): BackupDestination {
  const client = new Bun.S3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  })
  const local = folderDestination(folder)
  const keyOf = (name: string) => `${BUCKET_PREFIX}${checkName(name)}`
  return {
    where: `s3://${s3.bucket}/${BUCKET_PREFIX}`,
    async upload(path, name) {
      const key = keyOf(name)
      try {
        // Streamed from the file (a multipart upload past 5 MiB): the archive is never held whole.
        await client.write(key, new Response(Bun.file(path).stream()), {
          type: name.endsWith('.sealed') ? 'application/octet-stream' : 'application/gzip',
        })
      } catch (error) {
        // An object the bucket took before the failure was answered must not pass for a backup
        // (an unfinished multipart upload never becomes one: S3 creates it only on completion).
        await client.delete(key).catch(() => {})
        const reason = error instanceof Error ? error.message || error.name : String(error)
        throw new BackupError(
          'failed',
          `the backup could not be uploaded to the S3 bucket ${s3.bucket} (${reason}); earlier backups are kept`,
          { cause: error },
        )
      }
      return `s3://${s3.bucket}/${key}`
    },
    async list() {
      const found = await local.list()
      let continuationToken: string | undefined
      do {
        const page = await client.list({ prefix: BUCKET_PREFIX, continuationToken })
        for (const object of page.contents ?? []) {
          const name = object.key.slice(BUCKET_PREFIX.length)
          if (!name || name.includes('/')) continue
          found.set(name, {
            size: object.size ?? 0,
            modified: object.lastModified ? new Date(object.lastModified) : undefined,
          })
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
      } while (continuationToken)
      return found
    },
    async find(name) {
      const object = client.file(keyOf(name))
      if (!(await object.exists())) return local.find(name)
      const { size } = await object.stat()
      return { size, read: () => object.stream() }
    },
    async remove(name) {
      const object = client.file(keyOf(name))
      if (await object.exists()) await object.delete()
      else await local.remove(name)
    },
  }
}
