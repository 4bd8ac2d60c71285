import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets Parley must give back to itself later (OAuth client secrets and tokens, workflow signing
 * secrets) are stored sealed: AES-256-GCM under a key derived from APP_SECRET with HKDF-SHA256
 * (its own `info`, so the key is not the one that signs tokens). The text form is versioned,
 * `v1.<base64url(iv | ciphertext | tag)>`, so a later key or algorithm can be told apart.
 * Tampered or foreign ciphertext does not open (GCM's tag): `openSecret` then returns null.
 */

const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

const keys = new Map<string, Buffer>()

function keyOf(appSecret: string): Buffer {
  let key = keys.get(appSecret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'parley', 'parley secret box v1', 32))
    keys.set(appSecret, key)
  }
  return key
}

export function sealSecret(appSecret: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`
}

/** The plaintext, or null when the value is not one this APP_SECRET sealed (or was altered). */
export function openSecret(appSecret: string, sealed: string | null | undefined): string | null {
  if (!sealed) return null
  const [version, payload] = sealed.split('.', 2)
  if (version !== VERSION || !payload) return null
  const bytes = Buffer.from(payload, 'base64url')
  if (bytes.byteLength < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), bytes.subarray(0, IV_BYTES))
    decipher.setAuthTag(bytes.subarray(bytes.byteLength - TAG_BYTES))
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.byteLength - TAG_BYTES)),
      decipher.final(),
    ])
    return text.toString('utf8')
  } catch {
    return null
  }
}
