import type { User } from '../../db/schema'
import type { MailLanguage } from '../auth/email-texts'
import { findUserByEmail, isUniqueViolation } from '../auth/service'
import type { AppContext } from '../context'
import { syncProviderGroups } from '../groups/membership'
import { signInAccountsData } from './accounts-data'
import { SignInRefused } from './model'
import { identitiesData } from './providers-data'
import type { ResolvedProvider } from './registry'
import { emailDomainAllowed, readSignInSettings } from './sign-in-settings'

/** What the provider said about the person (ID token, then userinfo for what it lacked). */
export interface ProviderClaims {
  sub: string
  email?: unknown
  email_verified?: unknown
  name?: unknown
  given_name?: unknown
  family_name?: unknown
  [claim: string]: unknown
}

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log'>
type Language = MailLanguage

/**
 * Issue 29 point 3: the account a provider's answer signs into. Linked by (provider, sub); else by
 * e-mail when the provider says it is verified; else a new account (unless sign-up is off or the
 * domain is not allowed). Then the groups claim is synced and, when the provider names admin
 * groups, the role follows them. Throws SignInRefused with the card's code.
 */
export async function accountForSignIn(
  ctx: Ctx,
  provider: ResolvedProvider,
  claims: ProviderClaims,
  language: Language | null,
): Promise<User> {
  const email = typeof claims.email === 'string' ? claims.email.trim() : ''
  if (!email.includes('@')) throw new SignInRefused('email', 'the provider gave no e-mail')
  if (!emailDomainAllowed(email, provider.allowedDomains))
    throw new SignInRefused('domain', `${email} is outside the provider's allowed domains`)

  let user: User
  try {
    user = await findOrCreate(ctx, provider, claims, email, language)
  } catch (error) {
    // Two first sign-ins of the same person at once: the second finds the account the first made.
    if (!isUniqueViolation(error)) throw error
    user = await findOrCreate(ctx, provider, claims, email, language)
  }
  if (user.isBanned) throw new SignInRefused('suspended', 'the account is suspended')

  const identities = identitiesData(ctx.db)
  await identities.link(provider.id, claims.sub, user.id, ctx.now())

  if (provider.groupsClaim) {
    const groups = groupsFrom(claims[provider.groupsClaim])
    await syncProviderGroups(ctx.db, user.id, groups)
    if (provider.adminGroups.length > 0) user = await applyAdminGroups(ctx, provider, user, groups)
  }
  return user
}

async function findOrCreate(
  ctx: Ctx,
  provider: ResolvedProvider,
  claims: ProviderClaims,
  email: string,
  language: Language | null,
): Promise<User> {
  const linked = await identitiesData(ctx.db).find(provider.id, claims.sub)
  if (linked) {
    const user = await signInAccountsData(ctx.db).find(linked.userId)
    if (user) return user
  }
  const existing = await findUserByEmail(ctx.db, email)
  if (existing) {
    // Linking by e-mail hands the account to whoever the provider vouches for: only when it says
    // the address is verified (strictly `true`, not a truthy string), else anyone who can set an
    // unverified address at the provider would take over the account.
    if (claims.email_verified !== true)
      throw new SignInRefused('unverified', `the provider does not say ${email} is verified`)
    return existing
  }
  const settings = await readSignInSettings(ctx.db, ctx.config)
  if (!settings.signup) throw new SignInRefused('closed', 'sign-up is off')
  if (!emailDomainAllowed(email, settings.allowedDomains))
    throw new SignInRefused('domain', `${email} is outside the organisation's allowed domains`)
  return signInAccountsData(ctx.db).create(
    { email, fullName: nameFrom(claims, email), language: language ?? 'en' },
    ctx.now(),
  )
}

/** `name`, else given and family names, else the e-mail's local part; at most 200 characters. */
export function nameFrom(claims: ProviderClaims, email: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const full =
    text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ')
  return (full || email.slice(0, email.indexOf('@'))).slice(0, 200)
}

/** The groups claim: an array of strings, or one string; anything else counts as no groups. */
export function groupsFrom(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : []
  if (Array.isArray(value))
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .map((g) => g.trim())
  return []
}

/**
 * With admin groups configured, the role is admin exactly when the person is in one of them
 * (compared without case), so removing someone from the group at the provider takes the role away
 * at their next sign-in. Except: the last active admin is never demoted this way. A provider's
 * group change (or a misnamed admin group, or a claim the provider stopped sending) would
 * otherwise leave an organisation with nobody able to reach the admin area, and with password
 * sign-in off, no way back except the CLI. An administrator can demote them by hand once another
 * admin exists.
 */
async function applyAdminGroups(
  ctx: Ctx,
  provider: ResolvedProvider,
  user: User,
  groups: string[],
): Promise<User> {
  const adminNames = new Set(provider.adminGroups.map((name) => name.trim().toLowerCase()))
  const inAdminGroup = groups.some((group) => adminNames.has(group.toLowerCase()))
  const role = inAdminGroup ? 'admin' : 'user'
  if (user.role === role) return user
  const result = await signInAccountsData(ctx.db).setRole(user, role, ctx.now())
  ctx.log.info(
    result.kept
      ? 'oidc sign-in: kept the last active admin an admin although in no admin group'
      : 'oidc sign-in: role follows the provider admin groups',
    { userId: user.id, provider: provider.id, role: result.user.role },
  )
  return result.user
}
