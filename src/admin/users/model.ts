import { t } from 'elysia'
import { ok } from '../../http/model'
import { preferredLanguage } from '../../profile/model'

/**
 * How the invitation reached the new user. Without a mail server (no SMTP_URL) the mail only went
 * to DATA_DIR/outbox, which nobody reads: the administrator gets the set-password link to hand over
 * (only then, and only in this answer to the administrator who created the account; decision 145).
 */
export type InvitationJson = { mailed: true } | { mailed: false; link: string }

/*
 * Request shapes. Fields are typed loosely here (strings) and checked in service.ts, so that each
 * wrong value gets its own stable code (`bad_request:role`, `bad_request:sort`, ...) and a sentence
 * naming what is accepted, rather than the generic validation answer.
 */

export const userListQuery = t.Object({
  q: t.Optional(t.String({ maxLength: 200, error: 'Search must be 200 characters or less' })),
  role: t.Optional(t.String({ maxLength: 20 })),
  status: t.Optional(t.String({ maxLength: 20 })),
  sort: t.Optional(t.String({ maxLength: 20 })),
  cursor: t.Optional(t.String({ maxLength: 300 })),
  limit: t.Optional(t.String({ maxLength: 10 })),
})

export const createUserBody = t.Object({
  email: t.String({ maxLength: 300, error: 'email is required' }),
  fullName: t.String({ maxLength: 300, error: 'fullName is required' }),
  role: t.Optional(t.String({ maxLength: 20, error: 'role must be admin or user' })),
  /** The account's language, and so its invitation mail's; English when absent. */
  preferredLanguage: t.Optional(t.String({ maxLength: 10 })),
})

export const updateUserBody = t.Object({
  role: t.Optional(t.String({ maxLength: 20, error: 'role must be admin or user' })),
  isBanned: t.Optional(t.Boolean({ error: 'isBanned must be true or false' })),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const invitationJson = t.Union([
  t.Object({ mailed: t.Literal(true) }),
  t.Object({ mailed: t.Literal(false), link: t.String() }),
])

export const adminUserListResponse = ok(
  t.Object({
    items: t.Array(
      t.Object({
        spendMonthUsd: t.Number(),
        id: t.String(),
        email: t.String(),
        fullName: t.String(),
        role: t.Union([t.Literal('admin'), t.Literal('user')]),
        isBanned: t.Boolean(),
        createdAt: t.Date(),
        lastActiveAt: t.Nullable(t.Date()),
      }),
    ),
    nextCursor: t.Nullable(t.String()),
  }),
)

export const adminUsersPostResponse = ok(
  t.Object({
    invitation: invitationJson,
    id: t.String(),
    email: t.String(),
    fullName: t.String(),
    role: t.Union([t.Literal('admin'), t.Literal('user')]),
    isBanned: t.Boolean(),
    createdAt: t.Date(),
    lastActiveAt: t.Nullable(t.Date()),
  }),
)

export const adminUserListResponse2 = ok(
  t.Object({
    emailConfirmed: t.Boolean(),
    preferredLanguage,
    avatarUrl: t.Nullable(t.String()),
    updatedAt: t.Date(),
    sessions: t.Object({ count: t.Number(), lastSeenAt: t.Nullable(t.Date()) }),
    counts: t.Object({ chats: t.Number(), messages: t.Number() }),
    spend: t.Object({ dayUsd: t.Number(), monthUsd: t.Number() }),
    id: t.String(),
    email: t.String(),
    fullName: t.String(),
    role: t.Union([t.Literal('admin'), t.Literal('user')]),
    isBanned: t.Boolean(),
    createdAt: t.Date(),
    lastActiveAt: t.Nullable(t.Date()),
  }),
)

export const adminUsersPatchResponse = ok(
  t.Object({
    id: t.String(),
    email: t.String(),
    fullName: t.String(),
    role: t.Union([t.Literal('admin'), t.Literal('user')]),
    isBanned: t.Boolean(),
    createdAt: t.Date(),
    lastActiveAt: t.Nullable(t.Date()),
  }),
)

export const adminUsersSessionsDeleteResponse = ok(t.Object({ sessionsEnded: t.Number() }))
