import type { IdentityProvider } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import type { AppContext } from '../../context'
import { sealSecret } from '../../crypto/secret-box'
import { AppError } from '../../http/errors'
import { discoveryReport, isLoopbackHttp } from '../../identity/discovery'
import { providersData } from '../../identity/providers-data'
import {
  ENV_PROVIDER_ID,
  environmentProvider,
  isUuid,
  listProviders,
  type ResolvedProvider,
  rowProvider,
} from '../../identity/registry'
import { identityRuntime } from '../../identity/runtime'
import { readSignInSettings } from '../../identity/sign-in-settings'
import type { ProviderCreateBody, ProviderPatchBody, SignInBody } from './model'
import { adminSignInData, type ProviderValues } from './sign-in-data'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log'>
type Admin = Actor & { email: string }

export const PROVIDER_NOT_FOUND = 'Identity provider not found'
export const ENVIRONMENT_PROVIDER =
  'This provider is set by the OIDC_* environment variables; change it there'
export const NO_PROVIDER = 'Add and enable an identity provider before turning password sign-in off'
export const LAST_PROVIDER =
  'Password sign-in is off and this is the last enabled identity provider: turn password sign-in on first'

/** What the admin area answers for a provider: everything but the secret. */
function providerJson(provider: ResolvedProvider) {
  const { clientSecret: _secret, ...rest } = provider
  return rest
}

export async function listProvidersJson(ctx: Ctx) {
  return { providers: (await listProviders(ctx)).map(providerJson) }
}

const text = (value: string, name: string, max: number) => {
  const trimmed = value.trim()
  if (!trimmed) throw new AppError(`bad_request:${name}`, `${name} is required`)
  if (trimmed.length > max)
    throw new AppError(`bad_request:${name}`, `${name} must be ${max} characters or less`)
  return trimmed
}

/** An https URL (http only for this machine); no query or fragment. Kept as typed: discovery compares it with the provider's own issuer. */
function issuerOf(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new AppError('bad_request:issuer', 'issuer must be a URL like https://login.example.com')
  }
  if (url.protocol !== 'https:' && !isLoopbackHttp(url.href))
    throw new AppError('bad_request:issuer', 'issuer must use https')
  if (url.search || url.hash || url.username || url.password)
    throw new AppError('bad_request:issuer', 'issuer must not have a query, a fragment or credentials')
  return value.trim()
}

function scopesOf(value: string): string {
  const scopes = [...new Set(value.split(/\s+/).filter(Boolean))]
  if (!scopes.includes('openid')) throw new AppError('bad_request:scopes', 'scopes must include openid')
  if (scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)))
    throw new AppError('bad_request:scopes', 'scopes must be space-separated scope names')
  return scopes.join(' ')
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/

/** Lower-case domain names, without duplicates; a leading "@" is dropped. */
export function domainsOf(values: string[]): string[] {
  const domains = [
    ...new Set(values.map((value) => value.trim().toLowerCase().replace(/^@/, '')).filter(Boolean)),
  ]
  const wrong = domains.find((domain) => !DOMAIN.test(domain))
  if (wrong)
    throw new AppError('bad_request:allowed_domains', `"${wrong}" is not a domain name like example.com`)
  return domains
}

const groupsOf = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))]

function groupsClaimOf(value: string | null): string | null {
  const claim = value?.trim() ?? ''
  return claim === '' ? null : claim
}

/** A row's id, or the refusals: the environment's provider is read-only, anything else unknown is 404. */
async function editableRow(ctx: Ctx, id: string): Promise<IdentityProvider> {
  if (id === ENV_PROVIDER_ID && environmentProvider(ctx.config))
    throw new AppError('conflict:environment_provider', ENVIRONMENT_PROVIDER)
  const row = isUuid(id) ? await providersData(ctx.db).find(id) : undefined
  if (!row) throw new AppError('not_found:provider', PROVIDER_NOT_FOUND)
  return row
}

export async function createProvider(
  ctx: Ctx,
  admin: Admin,
  body: ProviderCreateBody,
  origin: RequestOrigin,
) {
  const values = {
    label: text(body.label, 'label', 100),
    issuer: issuerOf(body.issuer),
    clientId: text(body.clientId, 'clientId', 500),
    clientSecretSealed: sealSecret(ctx.config.appSecret, text(body.clientSecret, 'clientSecret', 2000)),
    scopes: body.scopes === undefined ? 'openid email profile' : scopesOf(body.scopes),
    allowedDomains: domainsOf(body.allowedDomains ?? []),
    groupsClaim: groupsClaimOf(body.groupsClaim ?? null),
    adminGroups: groupsOf(body.adminGroups ?? []),
    enabled: body.enabled ?? true,
  }
  const row = await ctx.db.transaction(async (tx) => {
    const row = await adminSignInData(tx).insertProvider(values, ctx.now())
    const { clientSecretSealed: _sealed, ...audited } = values
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'identity_provider.create',
        targetType: 'identity_provider',
        targetId: row.id,
        details: audited,
      },
      origin,
    )
    return row
  })
  return { provider: providerJson(rowProvider(ctx, row)) }
}

/** Password sign-in off and no other enabled provider: removing or disabling this one would lock everyone out of the web. */
async function assertNotLastProvider(ctx: Ctx, row: IdentityProvider) {
  if (!row.enabled) return
  const settings = await readSignInSettings(ctx.db, ctx.config)
  if (settings.password) return
  const others = (await listProviders(ctx)).filter((provider) => provider.enabled && provider.id !== row.id)
  if (others.length === 0) throw new AppError('conflict:last_provider', LAST_PROVIDER)
}

export async function updateProvider(
  ctx: Ctx,
  admin: Admin,
  id: string,
  body: ProviderPatchBody,
  origin: RequestOrigin,
) {
  const before = await editableRow(ctx, id)
  const values: Partial<ProviderValues> = {}
  if (body.label !== undefined) values.label = text(body.label, 'label', 100)
  if (body.issuer !== undefined) values.issuer = issuerOf(body.issuer)
  if (body.clientId !== undefined) values.clientId = text(body.clientId, 'clientId', 500)
  if (body.clientSecret !== undefined)
    values.clientSecretSealed = sealSecret(
      ctx.config.appSecret,
      text(body.clientSecret, 'clientSecret', 2000),
    )
  if (body.scopes !== undefined) values.scopes = scopesOf(body.scopes)
  if (body.allowedDomains !== undefined) values.allowedDomains = domainsOf(body.allowedDomains)
  if (body.groupsClaim !== undefined) values.groupsClaim = groupsClaimOf(body.groupsClaim)
  if (body.adminGroups !== undefined) values.adminGroups = groupsOf(body.adminGroups)
  if (body.enabled !== undefined) values.enabled = body.enabled
  if (values.enabled === false) await assertNotLastProvider(ctx, before)

  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const [key, value] of Object.entries(values)) {
    if (key === 'clientSecretSealed') continue
    const old = before[key as keyof IdentityProvider]
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = { from: old, to: value }
  }
  const row = await ctx.db.transaction(async (tx) => {
    const row = await adminSignInData(tx).updateProvider(before.id, values, ctx.now())
    if (!row) throw new AppError('not_found:provider', PROVIDER_NOT_FOUND)
    if (Object.keys(changes).length > 0 || values.clientSecretSealed)
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: 'identity_provider.update',
          targetType: 'identity_provider',
          targetId: row.id,
          details: { changes, secretChanged: values.clientSecretSealed !== undefined },
        },
        origin,
      )
    return row
  })
  return { provider: providerJson(rowProvider(ctx, row)) }
}

/** Deletes a provider and its links to accounts (the accounts stay; they can sign in another way). */
export async function deleteProvider(ctx: Ctx, admin: Admin, id: string, origin: RequestOrigin) {
  const row = await editableRow(ctx, id)
  await assertNotLastProvider(ctx, row)
  await ctx.db.transaction(async (tx) => {
    await adminSignInData(tx).deleteProvider(row.id)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'identity_provider.delete',
        targetType: 'identity_provider',
        targetId: row.id,
        details: { label: row.label, issuer: row.issuer },
      },
      origin,
    )
  })
}

export async function discoverIssuer(ctx: Ctx, issuer: string) {
  let url: string
  try {
    url = issuerOf(issuer)
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, message: `${error.message}.` }
    throw error
  }
  return discoveryReport(url, identityRuntime(ctx).timeoutMs)
}

async function signInJson(ctx: Ctx) {
  const settings = await readSignInSettings(ctx.db, ctx.config)
  return {
    passwordEnabled: settings.password,
    signup: settings.signup,
    allowedDomains: settings.allowedDomains,
    passwordFromEnvironment: settings.passwordFromEnvironment,
  }
}

export const getSignInSettings = signInJson

export async function updateSignInSettings(ctx: Ctx, admin: Admin, body: SignInBody, origin: RequestOrigin) {
  const values: { passwordSignIn?: boolean | null; signupEnabled?: boolean; allowedDomains?: string[] } = {}
  if (body.passwordEnabled !== undefined) values.passwordSignIn = body.passwordEnabled
  if (body.signup !== undefined) values.signupEnabled = body.signup
  if (body.allowedDomains !== undefined) values.allowedDomains = domainsOf(body.allowedDomains)
  const before = await signInJson(ctx)
  const passwordAfter =
    body.passwordEnabled === undefined
      ? before.passwordEnabled
      : (body.passwordEnabled ?? ctx.config.passwordSignIn)
  if (!passwordAfter && before.passwordEnabled) {
    const enabled = (await listProviders(ctx)).filter((provider) => provider.enabled && provider.clientSecret)
    if (enabled.length === 0) throw new AppError('conflict:no_provider', NO_PROVIDER)
  }
  await adminSignInData(ctx.db).updateSignIn(values, ctx.now())
  const after = await signInJson(ctx)
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of ['passwordEnabled', 'signup', 'allowedDomains', 'passwordFromEnvironment'] as const)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { from: before[key], to: after[key] }
  if (Object.keys(changes).length > 0)
    await recordAudit(
      ctx,
      admin,
      { action: 'sign_in.update', targetType: 'organisation', targetId: null, details: { changes } },
      origin,
    )
  return after
}
