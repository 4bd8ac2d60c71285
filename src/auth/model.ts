import { t } from 'elysia'
import type { User } from '../../db/schema'
import { ok } from '../http/model'
import { impersonationJson } from '../impersonation/model'
import { languageField, preferredLanguage, themePreference } from '../profile/model'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './passwords'
import type { SessionUser } from './session'

/**
 * The account as the client sees it: an allow-list, so a column added later (a hash, a storage key)
 * is not sent by accident.
 */
export function toPublicUser(user: SessionUser | User) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl,
    bio: user.bio,
    preferredLanguage: user.preferredLanguage,
    themePreference: user.themePreference,
    notificationsEnabled: user.notificationsEnabled,
    role: user.role,
    emailConfirmed: user.emailConfirmedAt !== null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  }
}

export type PublicUser = ReturnType<typeof toPublicUser>

export const INVALID_EMAIL = 'Please enter a valid email address'
export const INVALID_LINK = 'This link is invalid or has expired'

/** An address as `<input type="email">` accepts it (the WHATWG rule), so browser and server agree. */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"
/** At most 254 characters, the longest address SMTP can carry (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254
export const isValidEmail = (value: string) =>
  value.length <= EMAIL_MAX_LENGTH && new RegExp(EMAIL_PATTERN).test(value)

const email = t.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH, error: INVALID_EMAIL })
const newPassword = t.String({ minLength: PASSWORD_MIN_LENGTH, error: PASSWORD_TOO_SHORT })
/** Changing a credential asks for the current password: a borrowed session alone cannot take the account over. */
const currentPassword = t.String({ minLength: 1, maxLength: 1000, error: 'Current password is required' })
const linkToken = t.String({ minLength: 1, maxLength: 200, error: INVALID_LINK })

export const AuthModel = {
  signup: t.Object({
    email,
    password: newPassword,
    fullName: t.String({ minLength: 1, maxLength: 200, error: 'Full name is required' }),
    // The sign-in page's language, for the account and its mails; absent means English.
    preferredLanguage: t.Optional(languageField),
  }),
  login: t.Object({
    email,
    password: t.String({ minLength: 1, error: 'Password is required' }),
  }),
  forgotPassword: t.Object({ email }),
  resetPassword: t.Object({ token: linkToken, password: newPassword }),
  confirm: t.Object({ token: linkToken }),
  changePassword: t.Object({ password: newPassword, currentPassword }),
  changeEmail: t.Object({ email, currentPassword }),
}

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const authUserJson = t.Object({
  id: t.String(),
  email: t.String(),
  fullName: t.String(),
  avatarUrl: t.Nullable(t.String()),
  bio: t.String(),
  preferredLanguage,
  themePreference,
  notificationsEnabled: t.Boolean(),
  role: t.Union([t.Literal('admin'), t.Literal('user')]),
  emailConfirmed: t.Boolean(),
  createdAt: t.Date(),
  updatedAt: t.Date(),
})

export const signupPostResponse = ok(
  t.Object({ user: authUserJson, token: t.Optional(t.String()), confirmationRequired: t.Boolean() }),
)

export const loginPostResponse = ok(t.Object({ user: authUserJson, token: t.Optional(t.String()) }))

export const logoutPostResponse = ok(t.Object({ supportAccessEnded: t.Boolean() }))

export const meGetResponse = ok(
  t.Object({ user: authUserJson, impersonation: t.Nullable(impersonationJson) }),
)

export const forgotPasswordPostResponse = t.Object({ success: t.Literal(true), message: t.String() })

export const confirmGetResponse = ok(t.Object({ email: t.String() }))

export const emailPatchResponse = ok(t.Object({ pendingEmail: t.String() }))
