import { AppError } from '../http/errors'

export const PASSWORD_MIN_LENGTH = 6
/** Argon2 hashes any length, but a megabyte-long password would only be a way to burn CPU. */
export const PASSWORD_MAX_LENGTH = 1024
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long'

export type PasswordCost = { memoryCost: number; timeCost: number }

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return Bun.password.hash(password, { algorithm: 'argon2id', ...cost })
}

/** The cost travels inside the stored hash, so a hash made under older settings still verifies. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash)
}

const dummyHashes = new Map<string, Promise<string>>()

/**
 * Spends the same argon2 work as a real check, for an e-mail that has no account, so that the
 * answer's timing does not tell which addresses are registered.
 */
export async function verifyDummyPassword(password: string, cost: PasswordCost): Promise<void> {
  const key = `${cost.memoryCost}:${cost.timeCost}`
  let dummy = dummyHashes.get(key)
  if (!dummy) {
    dummy = hashPassword('parley-timing-equaliser', cost)
    dummyHashes.set(key, dummy)
  }
  await Bun.password.verify(password, await dummy)
}

/** The schema checks the minimum; the maximum is checked here so its message can say so. */
export function assertPasswordPolicy(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('bad_request:password', PASSWORD_TOO_SHORT)
  if (password.length > PASSWORD_MAX_LENGTH)
    throw new AppError('bad_request:password', 'Password must be at most 1024 characters long')
}
