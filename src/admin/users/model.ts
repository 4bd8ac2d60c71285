import { t } from 'elysia'

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
