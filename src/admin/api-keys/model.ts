import { t } from 'elysia'
import { apiKeyJson } from '../../api-keys/model'
import { ok } from '../../http/model'

/** A key in the admin's list: the person's view of it, with its owner. */
export const adminKeyJson = t.Object({
  ...apiKeyJson.properties,
  userId: t.String(),
  ownerEmail: t.String(),
})
export const adminKeyListResponse = ok(t.Object({ items: t.Array(adminKeyJson) }))
export const adminKeyResponse = ok(apiKeyJson)
export const adminKeyParams = t.Object({ id: t.String() })

/**
 * The API for everyone (`groups` empty) or only the members of `groups`; `enabled: false` turns it
 * off for everyone (no key works, none is deleted).
 */
export const apiAccessBody = t.Object({
  enabled: t.Boolean({ error: 'enabled must be true or false' }),
  groups: t.Array(t.String({ maxLength: 64 }), {
    maxItems: 500,
    error: 'groups must be a list of group ids',
  }),
})
export type ApiAccessBody = typeof apiAccessBody.static

export const apiAccessJson = t.Object({
  enabled: t.Boolean(),
  /** The chosen groups; empty: everyone. */
  groups: t.Array(t.Object({ id: t.String(), name: t.String() })),
  /** Where `enabled` comes from: the administrator's setting, or API_KEYS. */
  source: t.Union([t.Literal('organisation'), t.Literal('environment')]),
})
export const apiAccessResponse = ok(apiAccessJson)
