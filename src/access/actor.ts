import type { Session } from '../../db/schema'
import type { SessionUser } from './session-user'

/** An administrator acting as someone else (support access); null in every ordinary session. */
export interface Impersonation {
  id: string
  adminId: string
  /** The administrator's e-mail and name as they are now (for the audit trail and the banner). */
  adminEmail: string
  adminName: string
  reasonCode: string
  caseNumber: string
  /** With `expiresAt`, when the banner turns red (src/impersonation/expiring.ts). */
  startedAt: Date
  expiresAt: Date
}

/**
 * Who is acting, resolved once per request and once per socket handshake. Everything that reads
 * or writes a user's rows takes an `Actor`, never a bare user id from the request, so the same
 * code is right whether a person acts for themself or an administrator acts for them.
 */
export interface Actor {
  /** The user whose data is read and written (the target while impersonating). */
  readonly userId: string
  /** The person who signed in; the same as `userId` except during support access. */
  readonly realUserId: string
  readonly sessionId: string
  /** The signed-in person's role (an impersonating admin stays an admin, but is refused the admin area). */
  readonly role: 'admin' | 'user'
  readonly impersonation: Impersonation | null
}

/** A credential as presented: where it came from decides whether the Origin check applies. */
export interface Credential {
  token: string
  via: 'bearer' | 'cookie'
}

export interface Authenticated {
  actor: Actor
  /** The effective user's account (never its password hash). */
  user: SessionUser
  session: Session
}
