import { t } from 'elysia'
import { languages } from '../../db/schema/users'
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './passwords'

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
    // The sign-in page's language, for the account and its mails; absent means English. Written
    // out so the static type is the six codes (a mapped array types as unknown[]).
    preferredLanguage: t.Optional(
      t.Union(
        [
          t.Literal('en'),
          t.Literal('es'),
          t.Literal('fr'),
          t.Literal('de'),
          t.Literal('it'),
          t.Literal('pt'),
        ],
        { error: `Language must be one of ${languages.join(', ')}` },
      ),
    ),
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
