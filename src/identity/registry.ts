import type { IdentityProvider } from '../../db/schema'
import type { AppContext } from '../context'
import { openSecret } from '../crypto/secret-box'
import { providersData } from './providers-data'

/** The id of the provider set by `OIDC_*` (it has no row). */
export const ENV_PROVIDER_ID = 'env'

/** A provider as sign-in uses it: a row of `identity_providers` (secret opened) or the environment's. */
export interface ResolvedProvider {
  id: string
  label: string
  issuer: string
  clientId: string
  /** null when the sealed secret does not open with this APP_SECRET (the sign-in then fails as `unavailable`). */
  clientSecret: string | null
  scopes: string
  allowedDomains: string[]
  groupsClaim: string | null
  adminGroups: string[]
  enabled: boolean
  source: 'admin' | 'environment'
  createdAt: Date | null
}

type Ctx = Pick<AppContext, 'db' | 'config'>

export function environmentProvider(config: AppContext['config']): ResolvedProvider | null {
  const oidc = config.oidc
  if (!oidc) return null
  return {
    id: ENV_PROVIDER_ID,
    label: oidc.label,
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: oidc.scopes,
    allowedDomains: [],
    groupsClaim: oidc.groupsClaim,
    adminGroups: oidc.adminGroups,
    enabled: true,
    source: 'environment',
    createdAt: null,
  }
}

export function rowProvider(ctx: Pick<AppContext, 'config'>, row: IdentityProvider): ResolvedProvider {
  return {
    id: row.id,
    label: row.label,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openSecret(ctx.config.appSecret, row.clientSecretSealed),
    scopes: row.scopes,
    allowedDomains: row.allowedDomains,
    groupsClaim: row.groupsClaim,
    adminGroups: row.adminGroups,
    enabled: row.enabled,
    source: 'admin',
    createdAt: row.createdAt,
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every provider: the environment's first, then the administrator's by creation. */
export async function listProviders(ctx: Ctx): Promise<ResolvedProvider[]> {
  const env = environmentProvider(ctx.config)
  const rows = await providersData(ctx.db).list()
  return [...(env ? [env] : []), ...rows.map((row) => rowProvider(ctx, row))]
}

/** The provider with this id (any id string: a malformed one is simply unknown). */
export async function findProvider(ctx: Ctx, id: string): Promise<ResolvedProvider | null> {
  if (id === ENV_PROVIDER_ID) return environmentProvider(ctx.config)
  if (!UUID.test(id)) return null
  const row = await providersData(ctx.db).find(id)
  return row ? rowProvider(ctx, row) : null
}

export const isUuid = (id: string) => UUID.test(id)
