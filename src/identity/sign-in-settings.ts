import type { Db } from '../../db/client'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import type { Config } from '../config'
import { AppError } from '../http/errors'

/** How people may sign in, as the administrator's settings (else the environment) say. */
export interface SignInSettings {
  /** Password sign-in on the web (the CLI always works: it is the break-glass path). */
  password: boolean
  /** New accounts may be made (by password sign-up, or at a first sign-in through a provider). */
  signup: boolean
  /** Lower-case e-mail domains new accounts may have; empty: any. */
  allowedDomains: string[]
  /** No administrator's setting: PASSWORD_SIGN_IN decides `password`. */
  passwordFromEnvironment: boolean
}

/** Read from the database on each use (not a cache): turning password sign-in off takes effect on every instance at once. */
export async function readSignInSettings(
  db: Db,
  config: Pick<Config, 'passwordSignIn'>,
): Promise<SignInSettings> {
  const row = await readOrgSettingsRow(db)
  return {
    password: row?.passwordSignIn ?? config.passwordSignIn,
    signup: row?.signupEnabled ?? true,
    allowedDomains: row?.allowedDomains ?? [],
    passwordFromEnvironment: row?.passwordSignIn == null,
  }
}

/** The e-mail's domain is one of `domains` (compared without case); an empty list allows any. */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true
  const at = email.lastIndexOf('@')
  const domain =
    at === -1
      ? ''
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase()
  return domain !== '' && domains.some((allowed) => allowed.toLowerCase() === domain)
}

export const PASSWORD_SIGN_IN_OFF = "Password sign-in is turned off. Use your organisation's sign-in."
export const SIGNUP_OFF = 'Sign-up is turned off. Ask an administrator to invite you.'
export const DOMAIN_NOT_ALLOWED = 'This e-mail domain is not allowed to sign in here.'

/** Password sign-in, sign-up and forgot-password on the web refuse when password sign-in is off. */
export async function assertPasswordSignIn(
  db: Db,
  config: Pick<Config, 'passwordSignIn'>,
): Promise<SignInSettings> {
  const settings = await readSignInSettings(db, config)
  if (!settings.password) throw new AppError('forbidden:password_sign_in_off', PASSWORD_SIGN_IN_OFF)
  return settings
}

/** Password sign-up: password sign-in on, sign-up on, the address's domain allowed. */
export async function assertPasswordSignUp(db: Db, config: Pick<Config, 'passwordSignIn'>, email: string) {
  const settings = await assertPasswordSignIn(db, config)
  if (!settings.signup) throw new AppError('forbidden:signup_off', SIGNUP_OFF)
  if (!emailDomainAllowed(email, settings.allowedDomains))
    throw new AppError('forbidden:domain', DOMAIN_NOT_ALLOWED)
}
