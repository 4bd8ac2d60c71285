import { hashToken } from '../auth/session'

/** A link's token: 24 random bytes (192 bits), base64url; only its SHA-256 is stored, like a session's. */
export function newShareToken(): { token: string; hash: string } {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')
  return { token, hash: hashToken(token) }
}

/** A token we could have made; anything else is answered 404 without asking the database. */
export function plausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(token)
}

export { hashToken }
