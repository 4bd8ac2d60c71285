export const PASSWORD_MIN_LENGTH = 6

/** The spec's new-password checks, in its order: the two must match, then the length. */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return 'New passwords do not match'
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters long'
  return null
}
