import { t } from 'elysia'
import { ok } from '../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const impersonationJson = t.Object({
  id: t.String(),
  targetUserId: t.String(),
  targetUserName: t.String(),
  targetUserEmail: t.String(),
  accessDetails: t.Object({
    expires_at: t.String(),
    started_at: t.String(),
    reason_code: t.String(),
    case_number: t.String(),
  }),
  actingAdmin: t.Object({ id: t.String(), name: t.String(), email: t.String() }),
})

export const endReason = t.Union([
  t.Literal('stopped'),
  t.Literal('expired'),
  t.Literal('ended_by_admin'),
  t.Literal('admin_banned'),
  t.Literal('admin_demoted'),
  t.Literal('admin_deleted'),
  t.Literal('target_deleted'),
  t.Literal('target_banned'),
  t.Literal('signed_out'),
])

export const reasonCode = t.Union([
  t.Literal('customer_request'),
  t.Literal('bug_investigation'),
  t.Literal('account_recovery'),
  t.Literal('compliance_review'),
])

export const impersonationGetResponse = ok(t.Nullable(impersonationJson))

export const impersonationDeleteResponse = ok(t.Object({ stopped: t.Boolean(), restored: t.Boolean() }))

export const accountAccessLogGetResponse = ok(
  t.Object({
    items: t.Array(
      t.Object({
        id: t.String(),
        admin: t.Object({ email: t.String(), name: t.Nullable(t.String()) }),
        reasonCode,
        caseNumber: t.String(),
        durationMinutes: t.Number(),
        startedAt: t.Date(),
        expiresAt: t.Date(),
        endedAt: t.Nullable(t.Date()),
        endReason: t.Nullable(endReason),
      }),
    ),
    nextCursor: t.Null(),
  }),
)
