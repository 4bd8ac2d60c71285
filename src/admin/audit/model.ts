import { t } from 'elysia'

/** Strings here, checked in service.ts so each wrong value gets its own code (`bad_request:from`, ...). */
export const auditListQuery = t.Object({
  actor: t.Optional(t.String({ maxLength: 100 })),
  target: t.Optional(t.String({ maxLength: 200, error: 'target must be 200 characters or less' })),
  /** An e-mail or name, or part of one: the actor's, the target user's (deleted ones too). */
  actorEmail: t.Optional(t.String({ maxLength: 200, error: 'actorEmail must be 200 characters or less' })),
  targetEmail: t.Optional(t.String({ maxLength: 200, error: 'targetEmail must be 200 characters or less' })),
  action: t.Optional(t.String({ maxLength: 100, error: 'action must be 100 characters or less' })),
  from: t.Optional(t.String({ maxLength: 40 })),
  to: t.Optional(t.String({ maxLength: 40 })),
  cursor: t.Optional(t.String({ maxLength: 300 })),
  limit: t.Optional(t.String({ maxLength: 10 })),
})
