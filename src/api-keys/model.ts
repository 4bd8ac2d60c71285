import { t } from 'elysia'
import { ok } from '../http/model'

/** The scopes a key may carry: what each /v1 route asks for. */
const scope = t.Union([t.Literal('chat'), t.Literal('embeddings'), t.Literal('models')], {
  error: "scopes must name 'chat', 'embeddings' or 'models'",
})

/**
 * A new key: a name (1–100 characters), scopes (a non-empty subset), an optional expiry (a future
 * ISO date) and an optional monthly dollar limit (≥ 0, at most six decimals; 0 blocks every paid call).
 */
export const createKeyBody = t.Object({
  name: t.String({ error: 'name must be text of 1 to 100 characters' }),
  scopes: t.Array(scope, { minItems: 1, maxItems: 3, error: 'scopes must list at least one scope' }),
  expiresAt: t.Optional(
    t.Union([t.String({ maxLength: 40 }), t.Null()], { error: 'expiresAt must be an ISO date, or null' }),
  ),
  monthlyLimit: t.Optional(
    t.Union([t.Number(), t.Null()], { error: 'monthlyLimit must be a dollar amount, or null' }),
  ),
})
export type CreateKeyBody = typeof createKeyBody.static

const keyFields = {
  id: t.String(),
  name: t.String(),
  /** The key's first characters, `pk-` included, to tell keys apart. */
  prefix: t.String(),
  scopes: t.Array(t.String()),
  /** Dollars; null: only the person's budget applies. */
  monthlyLimit: t.Union([t.Number(), t.Null()]),
  /** Dollars spent through this key in the organisation's current budget month. */
  spendThisMonth: t.Number(),
  createdAt: t.String(),
  lastUsedAt: t.Union([t.String(), t.Null()]),
  expiresAt: t.Union([t.String(), t.Null()]),
  revokedAt: t.Union([t.String(), t.Null()]),
}
export const apiKeyJson = t.Object(keyFields)
export type ApiKeyJson = typeof apiKeyJson.static

export const keyListResponse = ok(t.Object({ items: t.Array(apiKeyJson) }))
/** The new key, with its secret: the only time it is answered. */
export const createdKeyResponse = ok(t.Object({ ...keyFields, key: t.String() }))
export const keyResponse = ok(apiKeyJson)
export const keyParams = t.Object({ id: t.String() })
