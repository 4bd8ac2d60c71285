import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { BackupError } from './errors'
import { type Manifest, MEMBER } from './manifest'
import { isSealed, openSeal, SEAL_HEADER_BYTES, SEAL_TAG_BYTES, sealStream } from './seal'
import { createTarWriter, readTar, streamChunks, type TarEvent } from './tar'

export const MANIFEST_MEMBER = 'manifest.json'

export interface ArchiveContents {
  /** Adds one member; its size and sha256 go into the manifest. */
  add(name: string, body: Blob | Uint8Array): Promise<void>
}

export interface WriteArchiveOptions {
  /** Seals the archive with this passphrase (./seal.ts). */
  passphrase?: string
  /** Opens the file the archive is written to (tests pass one that fails as a full disk would). */
  openFile?: (path: string) => Writable
}

/**
 * Writes a gzipped tar (sealed when a passphrase is given) to `path`: first under a hidden partial
 * name beside it, flushed to disk and renamed only when complete, so a process killed meanwhile
 * leaves no archive under a backup's name, and a failure (a full disk) removes the partial file
 * and leaves every earlier backup alone. `fill` adds the members and answers the manifest; the
 * manifest, with every member's checksum, is the last member.
 */
export async function writeArchive(
  path: string,
  options: WriteArchiveOptions,
  fill: (contents: ArchiveContents) => Promise<Omit<Manifest, 'members'>>,
): Promise<{ path: string; size: number; manifest: Manifest }> {
  await mkdir(dirname(path), { recursive: true })
  const partial = join(dirname(path), `.${basename(path)}.partial-${process.pid}`)
  const file = options.openFile?.(partial) ?? createWriteStream(partial, { mode: 0o600 })
  const gzip = createGzip({ level: 6 })
  let failure: unknown
  const piped = options.passphrase
    ? pipeline(gzip, sealStream(options.passphrase), file)
    : pipeline(gzip, file)
  const done = piped.catch((error: unknown) => {
    failure = error
    throw error
  })
  done.catch(() => {})
  const tar = createTarWriter({
    async write(bytes) {
      if (failure) throw failure
      if (!gzip.write(bytes)) await Promise.race([once(gzip, 'drain'), done])
    },
  })
  const members: Manifest['members'] = {}
  const add = async (name: string, body: Blob | Uint8Array) => {
    if (name in members || name === MANIFEST_MEMBER) throw new Error(`duplicate archive member: ${name}`)
    const hash = createHash('sha256')
    let size = 0
    await tar.add(name, body, (chunk) => {
      hash.update(chunk)
      size += chunk.length
    })
    members[name] = { size, sha256: hash.digest('hex') }
  }
  try {
    const manifest: Manifest = { ...(await fill({ add })), members }
    await tar.add(MANIFEST_MEMBER, new TextEncoder().encode(JSON.stringify(manifest, null, 2)))
    await tar.finish()
    gzip.end()
    await done
    if (!options.openFile) {
      // On disk before the rename: a power cut must not leave a complete-looking empty file.
      const handle = await open(partial, 'r+')
      await handle.datasync().finally(() => handle.close())
    }
    await rename(partial, path)
    return { path, size: Bun.file(path).size, manifest }
  } catch (error) {
    // Read before the streams are destroyed: their destruction fails the pipeline too, and that
    // must not take the place of what failed (a storage that could not be read, a full disk).
    const cause = failure ?? error
    gzip.destroy()
    file.destroy()
    await rm(partial, { force: true })
    if ((cause as { code?: string } | null)?.code === 'ENOSPC')
      throw new BackupError(
        'disk-full',
        `the disk is full: the backup ${path} was not written (earlier backups are kept)`,
        { cause },
      )
    throw cause
  }
}

/** The tar stream inside an archive file: unsealed (with the passphrase) and gunzipped. */
async function* tarBytes(path: string, passphrase: string | undefined): AsyncGenerator<Uint8Array> {
  const file = Bun.file(path)
  if (!(await file.exists())) throw new BackupError('usage', `no such archive: ${path}`)
  const head = new Uint8Array(await file.slice(0, SEAL_HEADER_BYTES).arrayBuffer())
  let compressed: AsyncIterable<Uint8Array>
  if (isSealed(head)) {
    if (!passphrase)
      throw new BackupError(
        'needs-passphrase',
        'this archive is sealed (it holds the app secret): give --passphrase or PARLEY_BACKUP_PASSPHRASE',
      )
    if (file.size < SEAL_HEADER_BYTES + SEAL_TAG_BYTES)
      throw new BackupError('corrupted', 'the archive is truncated (shorter than its seal)')
    const tag = new Uint8Array(await file.slice(file.size - SEAL_TAG_BYTES).arrayBuffer())
    const decipher = openSeal(passphrase, head, tag)
    const body = file.slice(SEAL_HEADER_BYTES, file.size - SEAL_TAG_BYTES)
    compressed = (async function* () {
      for await (const chunk of streamChunks(body.stream())) yield decipher.update(chunk)
      try {
        yield decipher.final()
      } catch (cause) {
        throw new BackupError('corrupted', 'the archive was altered or truncated (its seal does not match)', {
          cause,
        })
      }
    })()
  } else compressed = streamChunks(file.stream())
  const gunzip = createGunzip()
  const feeding = pipeline(Readable.from(compressed), gunzip)
  let fed: unknown
  feeding.catch((error: unknown) => {
    fed = error
  })
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array
  } catch (error) {
    throw fed ?? error
  }
  await feeding.catch((error: unknown) => {
    throw fed ?? error
  })
}

/** The archive's members as tar events; any read failure becomes a `corrupted` BackupError. */
export async function* readArchive(path: string, passphrase?: string): AsyncGenerator<TarEvent> {
  try {
    yield* readTar(tarBytes(path, passphrase))
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(
      'corrupted',
      `the archive is corrupted or truncated (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    )
  }
}

/**
 * Reads the whole archive once, writing nothing, and checks every member against the manifest's
 * size and sha256 (and the seal's tag): a restore starts only on an archive that passes.
 */
export async function verifyArchive(
  path: string,
  passphrase?: string,
): Promise<{ manifest: Manifest; secret?: string }> {
  const seen = new Map<string, { size: number; sha256: string }>()
  let manifestText = ''
  let secret: string | undefined
  let current: { name: string; hash: ReturnType<typeof createHash>; size: number; text: string[] } | undefined
  const decoder = new TextDecoder()
  for await (const event of readArchive(path, passphrase)) {
    if (event.type === 'member') current = { name: event.name, hash: createHash('sha256'), size: 0, text: [] }
    else if (event.type === 'data' && current) {
      current.hash.update(event.bytes)
      current.size += event.bytes.length
      if (current.name === MANIFEST_MEMBER || current.name === MEMBER.secret)
        current.text.push(decoder.decode(event.bytes, { stream: true }))
    } else if (event.type === 'end-member' && current) {
      if (current.name === MANIFEST_MEMBER) manifestText = current.text.join('') + decoder.decode()
      else if (current.name === MEMBER.secret) secret = current.text.join('') + decoder.decode()
      if (current.name !== MANIFEST_MEMBER)
        seen.set(current.name, { size: current.size, sha256: current.hash.digest('hex') })
      current = undefined
    }
  }
  let manifest: Manifest
  try {
    manifest = JSON.parse(manifestText) as Manifest
  } catch (cause) {
    throw new BackupError(
      'corrupted',
      'the archive has no readable manifest (not a Parley backup, or truncated)',
      {
        cause,
      },
    )
  }
  if (manifest.format !== 'parley-backup' || !manifest.members)
    throw new BackupError('corrupted', 'the archive is not a Parley backup (its manifest is not one)')
  for (const [name, expected] of Object.entries(manifest.members)) {
    const actual = seen.get(name)
    if (!actual) throw new BackupError('corrupted', `the archive lacks ${name}, which its manifest lists`)
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
      throw new BackupError('corrupted', `the archive is corrupted: ${name} fails its checksum`)
  }
  for (const name of seen.keys())
    if (!(name in manifest.members))
      throw new BackupError('corrupted', `the archive holds ${name}, which its manifest does not list`)
  return { manifest, secret }
}

/** Each member of a verified archive in order, its body gathered (the database dump, a file). */
export async function* readMembers(
  path: string,
  passphrase?: string,
): AsyncGenerator<{ name: string; body: AsyncIterable<Uint8Array> }> {
  const events = readArchive(path, passphrase)
  for (;;) {
    const next = await events.next()
    if (next.done) return
    if (next.value.type !== 'member') continue
    const name = next.value.name
    let finished = false
    const body = (async function* () {
      for (;;) {
        const event = await events.next()
        if (event.done || event.value.type === 'end-member') {
          finished = true
          return
        }
        if (event.value.type === 'data') yield event.value.bytes
      }
    })()
    yield { name, body }
    // A consumer that skipped the body: read past it.
    if (!finished) for await (const _ of body);
  }
}
