import { t } from 'elysia'
import { ok } from '../../http/model'
import { endReason, impersonationJson, reasonCode } from '../../impersonation/model'

/**
 * Starting support access. Types are checked here; the rules (reason list, case number present,
 * 15 min–4 h) in the service, so that each refusal names its field (src/impersonation/service.ts).
 */
export const startImpersonationBody = t.Object({
  targetUserId: t.String({ error: 'targetUserId must be a user id' }),
  reasonCode: t.Optional(t.String({ error: 'reasonCode must be a string' })),
  caseNumber: t.Optional(t.String({ error: 'caseNumber must be a string' })),
  durationMinutes: t.Optional(t.Number({ error: 'durationMinutes must be a number of minutes' })),
  note: t.Optional(t.Union([t.String(), t.Null()], { error: 'note must be a string' })),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const adminImpersonationsPostResponse = ok(
  t.Object({ impersonation: impersonationJson, token: t.Optional(t.String()) }),
)

export const supportAccessJson = t.Object({
  id: t.String(),
  admin: t.Object({ id: t.Nullable(t.String()), email: t.String(), name: t.Nullable(t.String()) }),
  target: t.Object({ id: t.String(), email: t.String(), name: t.String() }),
  reasonCode,
  caseNumber: t.String(),
  note: t.Nullable(t.String()),
  durationMinutes: t.Number(),
  startedAt: t.Date(),
  expiresAt: t.Date(),
  endedAt: t.Nullable(t.Date()),
  endReason: t.Nullable(endReason),
  writeCount: t.Number(),
})

export const adminImpersonationsGetResponse = ok(
  t.Object({ active: t.Array(supportAccessJson), history: t.Array(supportAccessJson), now: t.Date() }),
)

export const adminImpersonationsActionsGetResponse = ok(
  t.Object({
    items: t.Array(
      t.Object({
        id: t.String(),
        createdAt: t.Date(),
        actorId: t.String(),
        actorEmail: t.String(),
        actingAsId: t.Nullable(t.String()),
        action: t.String(),
        targetType: t.String(),
        targetId: t.Nullable(t.String()),
        details: t.Record(t.String(), t.Unknown()),
        ip: t.Nullable(t.String()),
      }),
    ),
    truncated: t.Boolean(),
  }),
)
