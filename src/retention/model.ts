import { t } from 'elysia'
import { ok } from '../http/model'
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './limits'

// Retention (issue 32, point 6; decision 174): the wire contract, shared with the web client.

/** The organisation's policy; null: nothing is deleted by age. */
export const retentionPolicyJson = t.Object({
  /** Chats not used for this many days are deleted (pinned chats are kept). */
  chatDays: t.Nullable(t.Integer()),
  /** Uploaded files and generated images are deleted this many days after their message. */
  fileDays: t.Nullable(t.Integer()),
})
export type RetentionPolicyJson = typeof retentionPolicyJson.static

/** What one pass deleted, as the audit trail records it. */
export const retentionRunJson = t.Object({
  at: t.String(),
  chats: t.Integer(),
  files: t.Integer(),
  images: t.Integer(),
})
export type RetentionRunJson = typeof retentionRunJson.static

/** Admin › Retention: the policy, the last pass, and when the next one looks. */
export const retentionStateJson = t.Object({
  policy: retentionPolicyJson,
  lastRun: t.Nullable(retentionRunJson),
  /** When the next pass is due (ISO); null without a policy. */
  nextAt: t.Nullable(t.String()),
})
export type RetentionStateJson = typeof retentionStateJson.static

const days = (name: string) =>
  t.Nullable(
    t.Integer({
      minimum: RETENTION_DAYS_MIN,
      maximum: RETENTION_DAYS_MAX,
      error: `${name} must be null or a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}`,
    }),
    {
      error: `${name} must be null or a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}`,
    },
  )

export const retentionBody = t.Object({ chatDays: days('chatDays'), fileDays: days('fileDays') })

export const retentionPolicyResponse = ok(retentionPolicyJson)
export const retentionStateResponse = ok(retentionStateJson)
