import { t } from '../../i18n/i18n'
import '../../i18n/areas/auth'

export const PASSWORD_MIN_LENGTH = 6

/** The spec's new-password checks, in its order: the two must match, then the length. In the active language. */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return t('auth.password.mismatch')
  if (password.length < PASSWORD_MIN_LENGTH) return t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH })
  return null
}
