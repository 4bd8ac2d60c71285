import { t } from 'elysia'
import { done, ok } from '../../http/model'

/** The longest group name. */
export const MAX_GROUP_NAME = 100
/** The longest provider group name (an OIDC groups claim's entry). */
export const MAX_PROVIDER_GROUP = 200

const list = (name: string) =>
  t.Union([t.Array(t.String({ maxLength: 200 }), { maxItems: 1000 }), t.Null()], {
    error: `${name} must be a list of ids, or null for all`,
  })
const limit = (name: string) =>
  t.Union([t.Number(), t.Null()], { error: `${name} must be a dollar amount, or null for none` })

/**
 * A group's fields. Names and lists are checked by the service (trimmed, each with its own code);
 * these only bound the payload. models/agents null: the group narrows nothing. A limit null: the
 * group sets none; 0: no limit (the most generous).
 */
const groupFields = {
  name: t.String({ maxLength: 1_000, error: `name must be text of 1 to ${MAX_GROUP_NAME} characters` }),
  providerGroup: t.Union([t.String({ maxLength: 1_000 }), t.Null()], {
    error: `providerGroup must be text of at most ${MAX_PROVIDER_GROUP} characters, or null`,
  }),
  models: list('models'),
  agents: list('agents'),
  dailyLimit: limit('dailyLimit'),
  monthlyLimit: limit('monthlyLimit'),
}

export const createGroupBody = t.Object({
  name: groupFields.name,
  providerGroup: t.Optional(groupFields.providerGroup),
  models: t.Optional(groupFields.models),
  agents: t.Optional(groupFields.agents),
  dailyLimit: t.Optional(groupFields.dailyLimit),
  monthlyLimit: t.Optional(groupFields.monthlyLimit),
})
export const updateGroupBody = t.Partial(t.Object(groupFields))
export type CreateGroupBody = typeof createGroupBody.static
export type UpdateGroupBody = typeof updateGroupBody.static

export const groupParams = t.Object({ id: t.String({ maxLength: 100 }) })
export const memberParams = t.Object({
  id: t.String({ maxLength: 100 }),
  userId: t.String({ maxLength: 100 }),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const groupJson = t.Object({
  id: t.String(),
  name: t.String(),
  providerGroup: t.Nullable(t.String()),
  models: t.Nullable(t.Array(t.String())),
  agents: t.Nullable(t.Array(t.String())),
  dailyLimit: t.Nullable(t.Number()),
  monthlyLimit: t.Nullable(t.Number()),
  memberCount: t.Number(),
  createdAt: t.String(),
})
export type GroupJson = typeof groupJson.static

export const memberJson = t.Object({
  id: t.String(),
  email: t.String(),
  fullName: t.String(),
  source: t.Union([t.Literal('manual'), t.Literal('provider'), t.Literal('scim')]),
})

export const groupsListResponse = ok(t.Object({ groups: t.Array(groupJson) }))
export const groupResponse = ok(t.Object({ group: groupJson }))
export const groupDetailResponse = ok(t.Object({ group: groupJson, members: t.Array(memberJson) }))
export const doneResponse = done
