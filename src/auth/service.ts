import { and, eq, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Session, sessions, type User, users } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { assertPasswordSignIn, assertPasswordSignUp } from '../identity/sign-in-settings'
import type { MailLanguage } from './email-texts'
import { confirmationMail, emailChangeMail, passwordResetMail } from './emails'
import { INVALID_LINK, toPublicUser } from './model'
import {
  assertPasswordPolicy,
  hashPassword,
  type PasswordCost,
  verifyDummyPassword,
  verifyPassword,
} from './passwords'
import { createSession, deleteSessions, endSessions, type SessionUser } from './session'
import { consumeAuthToken, createAuthToken, isAuthTokenUsable } from './tokens'

export const EMAIL_TAKEN = 'An account with this email already exists'
export const INVALID_CREDENTIALS = 'Invalid login credentials'
export const RESET_REQUESTED = 'If an account exists for that email, a reset link has been sent.'

/** Serialises "is this the first account?" so two simultaneous first sign-ups cannot both become admin. */
export const FIRST_ACCOUNT_LOCK = 727_274_002

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
  return user
}

/**
 * Inserts an account. Without an explicit role the very first account becomes admin and later ones
 * users; the check and the insert run under a transaction-scoped advisory lock, so the rule holds
 * when two sign-ups arrive at once (and across instances on Postgres).
 */
export async function createAccount(
  db: Db,
  cost: PasswordCost,
  input: {
    email: string
    password: string
    fullName: string
    role?: 'admin' | 'user'
    confirmed: boolean
    preferredLanguage?: MailLanguage
  },
): Promise<User> {
  assertPasswordPolicy(input.password)
  const passwordHash = await hashPassword(input.password, cost)
  const email = input.email.trim()
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`)
      if (await findUserByEmail(tx, email)) throw new AppError('conflict:email', EMAIL_TAKEN)
      const [anyone] = await tx.select({ id: users.id }).from(users).limit(1)
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          fullName: input.fullName.trim(),
          role: input.role ?? (anyone ? 'user' : 'admin'),
          emailConfirmedAt: input.confirmed ? new Date() : null,
          preferredLanguage: input.preferredLanguage ?? 'en',
        })
        .returning()
      return user!
    })
  } catch (error) {
    // The unique index on lower(email) is the last word if a racing insert slipped past the check.
    if (isUniqueViolation(error)) throw new AppError('conflict:email', EMAIL_TAKEN, { cause: error })
    throw error
  }
}

/** `preferredLanguage` is the sign-in page's language: the account, and its confirmation mail, start in it. */
export async function signUp(
  ctx: AppContext,
  input: { email: string; password: string; fullName: string; preferredLanguage?: MailLanguage },
) {
  if (!input.fullName.trim()) throw new AppError('bad_request:full_name', 'Full name is required')
  await assertPasswordSignUp(ctx.db, ctx.config, input.email)
  const confirmationRequired = ctx.config.requireEmailConfirmation
  // When the operator does not require confirmation, addresses are taken as given: the account is
  // marked confirmed, so turning the setting on later does not lock existing users out.
  const user = await createAccount(ctx.db, ctx.config.passwordHash, {
    ...input,
    confirmed: !confirmationRequired,
  })
  if (!confirmationRequired) {
    const { token, session } = await createSession(ctx.db, user.id, ctx.now())
    return { user: toPublicUser(user), token, session, confirmationRequired }
  }
  const token = await createAuthToken(ctx.db, { userId: user.id, kind: 'email_confirm', now: ctx.now() })
  try {
    await ctx.mailer.send(confirmationMail(ctx.config, user.email, token, user.preferredLanguage))
  } catch (error) {
    // Without the mail the account could never be confirmed; remove it so the person can try again.
    await ctx.db.delete(users).where(eq(users.id, user.id))
    throw new AppError('unavailable:mail', 'Failed to send confirmation email', { cause: error })
  }
  return { user: toPublicUser(user), token: undefined, session: undefined, confirmationRequired }
}

export async function logIn(ctx: AppContext, input: { email: string; password: string }) {
  await assertPasswordSignIn(ctx.db, ctx.config)
  const user = await findUserByEmail(ctx.db, input.email)
  // An account made by an identity provider has no password: it is refused like an unknown one.
  if (!user?.passwordHash) {
    await verifyDummyPassword(input.password, ctx.config.passwordHash)
    throw new AppError('unauthorized:credentials', INVALID_CREDENTIALS)
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new AppError('unauthorized:credentials', INVALID_CREDENTIALS)
  }
  // Only after the password is right: these answers would otherwise reveal that the account exists.
  if (user.isBanned) throw new AppError('forbidden:banned', 'This account has been suspended')
  if (ctx.config.requireEmailConfirmation && !user.emailConfirmedAt) {
    throw new AppError('forbidden:unconfirmed', 'Email not confirmed')
  }
  // Expired sessions are removed lazily: here for this user, and on use by validateSessionToken.
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, user.id), lt(sessions.expiresAt, ctx.now())))
  const { token, session } = await createSession(ctx.db, user.id, ctx.now())
  return { user: toPublicUser(user), token, session }
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await assertPasswordSignIn(ctx.db, ctx.config)
  const user = await findUserByEmail(ctx.db, email)
  if (!user) return
  const token = await createAuthToken(ctx.db, { userId: user.id, kind: 'password_reset', now: ctx.now() })
  try {
    await ctx.mailer.send(passwordResetMail(ctx.config, user.email, token, user.preferredLanguage))
  } catch (error) {
    throw new AppError('unavailable:mail', 'Failed to send reset email', { cause: error })
  }
}

/**
 * Sets a new password from a reset link and signs the account out everywhere. Following the link
 * also proves the address, so an unconfirmed account becomes confirmed.
 */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }) {
  assertPasswordPolicy(input.password)
  // Hashing is the expensive part; a made-up link should not get that far.
  if (!(await isAuthTokenUsable(ctx.db, input.token, ['password_reset'], ctx.now()))) {
    throw new AppError('bad_request:link', INVALID_LINK)
  }
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHash)
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, input.token, ['password_reset'], ctx.now())
    if (!row) throw new AppError('bad_request:link', INVALID_LINK)
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, row.userId))
    // In the transaction: the new password and the end of every old session are one change.
    return deleteSessions(tx, { userId: row.userId })
  })
  // After the commit, so a rolled-back reset never cuts anyone's sockets.
  ctx.realtime.endSessions(ended)
}

/** Follows a confirmation link: confirms the address, or switches to the new one of an e-mail change. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<{ email: string }> {
  return ctx.db
    .transaction(async (tx) => {
      const row = await consumeAuthToken(tx, token, ['email_confirm', 'email_change'], ctx.now())
      if (!row) throw new AppError('bad_request:link', INVALID_LINK)
      if (row.kind === 'email_change' && row.newEmail) {
        // Someone may have registered the address since the change was asked for.
        const holder = await findUserByEmail(tx, row.newEmail)
        if (holder && holder.id !== row.userId) throw new AppError('conflict:email', EMAIL_TAKEN)
      }
      const [user] = await tx
        .update(users)
        .set({
          ...(row.kind === 'email_change' && row.newEmail ? { email: row.newEmail } : {}),
          emailConfirmedAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .where(eq(users.id, row.userId))
        .returning({ email: users.email })
      if (!user) throw new AppError('bad_request:link', INVALID_LINK)
      return { email: user.email }
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('conflict:email', EMAIL_TAKEN, { cause: error })
      throw error
    })
}

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'

/**
 * Changing a credential needs the current password as well as the session: a session borrowed
 * from an unlocked screen, or stolen, must not be enough to take the account over for good.
 */
async function assertCurrentPassword(ctx: AppContext, userId: string, currentPassword: string) {
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  if (!row?.passwordHash || !(await verifyPassword(currentPassword, row.passwordHash))) {
    throw new AppError('unauthorized:current_password', WRONG_CURRENT_PASSWORD)
  }
}

/** Changes the password of the signed-in user; this session stays, every other one ends. */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  session: Session,
  input: { password: string; currentPassword: string },
) {
  assertPasswordPolicy(input.password)
  await assertCurrentPassword(ctx, userId, input.currentPassword)
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHash)
  await ctx.db.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, userId))
  await endSessions(ctx, { userId, except: session.id })
}

/**
 * Starts an e-mail change: the confirmation goes to the new address, and the account keeps its
 * current one until that link is followed (so a typo cannot lock anyone out).
 */
export async function requestEmailChange(
  ctx: AppContext,
  user: SessionUser,
  input: { email: string; currentPassword: string },
) {
  await assertCurrentPassword(ctx, user.id, input.currentPassword)
  const email = input.email.trim()
  if (email === user.email) {
    throw new AppError('bad_request:email', 'The new email address is the same as the current one')
  }
  const [holder] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, user.id)))
  if (holder) throw new AppError('conflict:email', EMAIL_TAKEN)
  const token = await createAuthToken(ctx.db, {
    userId: user.id,
    kind: 'email_change',
    newEmail: email,
    now: ctx.now(),
  })
  try {
    await ctx.mailer.send(emailChangeMail(ctx.config, email, token, user.preferredLanguage))
  } catch (error) {
    throw new AppError('unavailable:mail', 'Failed to update email', { cause: error })
  }
  return { pendingEmail: email }
}

/** Postgres' unique_violation, which drizzle wraps (the driver's error is its `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === '23505') return true
    current = 'cause' in current ? current.cause : undefined
  }
  return false
}
