import { t } from 'elysia'
import { ok } from '../../http/model'

/** POST /api/admin/scim/token: a label to tell tokens apart (which directory uses it). */
export const tokenCreateBody = t.Object({
  label: t.Optional(t.String({ maxLength: 100, error: 'label must be 100 characters or less' })),
})

export const tokenParams = t.Object({ id: t.String({ maxLength: 100 }) })

const tokenJson = t.Object({
  id: t.String(),
  label: t.String(),
  createdAt: t.Date(),
  lastUsedAt: t.Nullable(t.Date()),
  revokedAt: t.Nullable(t.Date()),
})

export const tokensResponse = ok(
  t.Object({
    /** Where SCIM clients point: APP_URL + "/scim/v2". */
    baseUrl: t.String(),
    tokens: t.Array(tokenJson),
  }),
)

/** The token itself is in this answer only: it is stored as its SHA-256. */
export const tokenCreatedResponse = ok(
  t.Object({ id: t.String(), label: t.String(), token: t.String(), createdAt: t.Date() }),
)
