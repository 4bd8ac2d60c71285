import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto'
import { Transform } from 'node:stream'
import { BackupError } from './errors'

/**
 * The passphrase envelope of an archive that holds the app secret (`--include-secret`):
 * MAGIC, a 16-byte scrypt salt, a 12-byte AES-GCM nonce and a 16-byte key check, then the
 * gzipped tar encrypted with AES-256-GCM, then its 16-byte tag. The check (a hash of a second
 * derived key) tells a wrong passphrase at once, before any decryption.
 */
export const SEAL_MAGIC = new TextEncoder().encode('PARLEY-BACKUP-SEALED-1\n')
export const SEAL_HEADER_BYTES = SEAL_MAGIC.length + 16 + 12 + 16
export const SEAL_TAG_BYTES = 16

/** scrypt N=2^15, r=8: ~32 MiB and ~0.1 s per derivation, OWASP's floor for scrypt. */
function deriveKeys(passphrase: string, salt: Uint8Array) {
  const derived = scryptSync(passphrase.normalize('NFC'), salt, 64, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  })
  return {
    key: derived.subarray(0, 32),
    check: createHash('sha256').update(derived.subarray(32)).digest().subarray(0, 16),
  }
}

export function assertPassphrase(passphrase: string | undefined): asserts passphrase is string {
  if (!passphrase || passphrase.length < 12)
    throw new BackupError(
      'usage',
      'a passphrase of at least 12 characters is needed (--passphrase or PARLEY_BACKUP_PASSPHRASE)',
    )
}

/** A stream that writes the envelope's header, the ciphertext of what flows through, then the tag. */
export function sealStream(passphrase: string): Transform {
  const salt = randomBytes(16)
  const nonce = randomBytes(12)
  const { key, check } = deriveKeys(passphrase, salt)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  let started = false
  const header = () => {
    if (started) return []
    started = true
    return [Buffer.concat([SEAL_MAGIC, salt, nonce, check])]
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (const part of header()) this.push(part)
      callback(null, cipher.update(chunk))
    },
    flush(callback) {
      for (const part of header()) this.push(part)
      this.push(cipher.final())
      callback(null, cipher.getAuthTag())
    },
  })
}

export function isSealed(head: Uint8Array): boolean {
  return head.length >= SEAL_MAGIC.length && SEAL_MAGIC.every((byte, i) => head[i] === byte)
}

/**
 * The decipher for a sealed archive, given its header and tag. Throws a clear error for a wrong
 * passphrase; a tampered body fails at `final()` (the GCM tag).
 */
export function openSeal(passphrase: string, header: Uint8Array, tag: Uint8Array) {
  const start = SEAL_MAGIC.length
  const salt = header.subarray(start, start + 16)
  const nonce = header.subarray(start + 16, start + 28)
  const stored = header.subarray(start + 28, start + 44)
  const { key, check } = deriveKeys(passphrase, salt)
  if (stored.length !== 16 || !timingSafeEqual(stored, check))
    throw new BackupError('wrong-passphrase', 'wrong passphrase: this archive was sealed with another one')
  const decipher = createDecipheriv('aes-256-gcm', key, nonce)
  decipher.setAuthTag(tag)
  return decipher
}
