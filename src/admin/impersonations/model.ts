import { t } from 'elysia'

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
