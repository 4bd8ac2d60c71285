import { t } from 'elysia'
import { ok } from '../../http/model'

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

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const subjectKind = t.Union([
  t.Literal('chat'),
  t.Literal('research'),
  t.Literal('session'),
  t.Literal('prompt'),
  t.Literal('knowledge'),
  t.Literal('upload'),
  t.Literal('agent'),
  t.Literal('profile'),
  t.Literal('model'),
  t.Literal('image'),
])

export const adminAuditGetResponse = ok(
  t.Object({
    items: t.Array(
      t.Object({
        actorName: t.Nullable(t.String()),
        actingAs: t.Nullable(
          t.Union([
            t.Object({ name: t.Nullable(t.String()), email: t.String(), id: t.String() }),
            t.Object({ name: t.Null(), email: t.Null(), id: t.String() }),
          ]),
        ),
        targetUser: t.Nullable(t.Object({ name: t.Nullable(t.String()), email: t.Nullable(t.String()) })),
        operation: t.Nullable(
          t.Union([
            t.Literal('session.sign_out'),
            t.Literal('session.stop_support'),
            t.Literal('profile.update'),
            t.Literal('profile.avatar'),
            t.Literal('profile.avatar_remove'),
            t.Literal('upload.create'),
            t.Literal('upload.delete'),
            t.Literal('chat.create'),
            t.Literal('chat.rename'),
            t.Literal('chat.delete'),
            t.Literal('chat.config'),
            t.Literal('chat.config_reset'),
            t.Literal('chat.message'),
            t.Literal('chat.stop'),
            t.Literal('chat.regenerate'),
            t.Literal('chat.edit'),
            t.Literal('chat.feedback'),
            t.Literal('chat.branch'),
            t.Literal('chat.fork'),
            t.Literal('model.preferred'),
            t.Literal('prompt.create'),
            t.Literal('prompt.generate'),
            t.Literal('prompt.update'),
            t.Literal('prompt.delete'),
            t.Literal('prompt.duplicate'),
            t.Literal('prompt.use'),
            t.Literal('image.generate'),
            t.Literal('dictation.transcribe'),
            t.Literal('knowledge.create'),
            t.Literal('knowledge.search'),
            t.Literal('knowledge.export_chat'),
            t.Literal('knowledge.upload'),
            t.Literal('knowledge.update'),
            t.Literal('knowledge.delete'),
            t.Literal('knowledge.reindex'),
            t.Literal('knowledge.cancel'),
            t.Literal('agent.calendar_oauth'),
            t.Literal('agent.calendar_connect'),
            t.Literal('agent.calendar_disconnect'),
            t.Literal('agent.settings'),
            t.Literal('research.start'),
            t.Literal('research.cancel'),
            t.Literal('research.retry'),
          ]),
        ),
        subject: t.Nullable(t.Object({ kind: subjectKind, id: t.Nullable(t.String()) })),
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
    nextCursor: t.Nullable(t.String()),
  }),
)
