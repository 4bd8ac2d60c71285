import { t } from 'elysia'
import { ok } from '../../http/model'

/** A provider as the admin area shows it: never its client secret. */
export const providerJson = t.Object({
  id: t.String(),
  label: t.String(),
  issuer: t.String(),
  clientId: t.String(),
  scopes: t.String(),
  allowedDomains: t.Array(t.String()),
  groupsClaim: t.Nullable(t.String()),
  adminGroups: t.Array(t.String()),
  enabled: t.Boolean(),
  /** "environment": the OIDC_* provider (id `env`), read-only here. */
  source: t.Union([t.Literal('admin'), t.Literal('environment')]),
  /** null for the environment's provider (it has no row). */
  createdAt: t.Nullable(t.Date()),
})

const stringList = (name: string, itemMax: number) =>
  t.Array(t.String({ maxLength: itemMax, error: `each of ${name} must be ${itemMax} characters or less` }), {
    maxItems: 100,
    error: `${name} must be a list of at most 100 strings`,
  })

/** Shapes only; service.ts checks the values (an https issuer, "openid" in the scopes, domain names). */
const providerFields = {
  label: t.String({ maxLength: 100, error: 'label must be a text of at most 100 characters' }),
  issuer: t.String({ maxLength: 500, error: 'issuer must be a URL of at most 500 characters' }),
  clientId: t.String({ maxLength: 500, error: 'clientId must be a text of at most 500 characters' }),
  clientSecret: t.String({
    maxLength: 2000,
    error: 'clientSecret must be a text of at most 2000 characters',
  }),
  scopes: t.String({ maxLength: 500, error: 'scopes must be a text of at most 500 characters' }),
  allowedDomains: stringList('allowedDomains', 253),
  groupsClaim: t.Nullable(t.String({ maxLength: 100, error: 'groupsClaim must be a claim name or null' })),
  adminGroups: stringList('adminGroups', 200),
  enabled: t.Boolean({ error: 'enabled must be true or false' }),
}

export const providerCreateBody = t.Object({
  label: providerFields.label,
  issuer: providerFields.issuer,
  clientId: providerFields.clientId,
  clientSecret: providerFields.clientSecret,
  scopes: t.Optional(providerFields.scopes),
  allowedDomains: t.Optional(providerFields.allowedDomains),
  groupsClaim: t.Optional(providerFields.groupsClaim),
  adminGroups: t.Optional(providerFields.adminGroups),
  enabled: t.Optional(providerFields.enabled),
})
export type ProviderCreateBody = typeof providerCreateBody.static

export const providerPatchBody = t.Partial(providerCreateBody)
export type ProviderPatchBody = typeof providerPatchBody.static

export const providerParams = t.Object({ id: t.String({ maxLength: 100 }) })

export const discoverBody = t.Object({
  issuer: t.String({ maxLength: 500, error: 'issuer must be a URL of at most 500 characters' }),
})

export const signInBody = t.Object({
  /** null: no setting of the administrator's, PASSWORD_SIGN_IN decides. */
  passwordEnabled: t.Optional(
    t.Nullable(t.Boolean({ error: 'passwordEnabled must be true, false or null' })),
  ),
  signup: t.Optional(t.Boolean({ error: 'signup must be true or false' })),
  allowedDomains: t.Optional(stringList('allowedDomains', 253)),
})
export type SignInBody = typeof signInBody.static

export const providersResponse = ok(t.Object({ providers: t.Array(providerJson) }))
export const providerResponse = ok(t.Object({ provider: providerJson }))
export const discoverResponse = ok(
  t.Union([
    t.Object({
      ok: t.Literal(true),
      issuer: t.String(),
      authorizationEndpoint: t.String(),
      tokenEndpoint: t.String(),
      userinfoEndpoint: t.Nullable(t.String()),
      jwksUri: t.String(),
      scopesSupported: t.Array(t.String()),
      claimsSupported: t.Array(t.String()),
    }),
    t.Object({ ok: t.Literal(false), message: t.String() }),
  ]),
)
export const signInResponse = ok(
  t.Object({
    passwordEnabled: t.Boolean(),
    signup: t.Boolean(),
    allowedDomains: t.Array(t.String()),
    passwordFromEnvironment: t.Boolean(),
  }),
)
