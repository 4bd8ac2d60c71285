import { type RequestOrigin, recordAudit } from '../../access/audit'
import { AGENTS } from '../../agents/catalogue'
import type { Actor } from '../../auth/actor'
import { type Micros, microsToDollars } from '../../budget/money'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { type GroupRow, type GroupValues, groupsData } from '../../groups/groups-data'
import { forgetGroupPolicies } from '../../groups/policy'
import { AppError } from '../../http/errors'
import { limitMicros } from '../budgets/model'
import { getUserBudget, pushUserStatus } from '../budgets/service'
import {
  type CreateGroupBody,
  type GroupJson,
  MAX_GROUP_NAME,
  MAX_PROVIDER_GROUP,
  type UpdateGroupBody,
} from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'realtime' | 'orgSettings'>
type Admin = Actor & { email: string }

export const GROUP_NAME_TAKEN = 'A group with this name already exists'
const PROVIDER_GROUP_TAKEN = 'Another group is already mapped to this provider group'

const dollarsOrNull = (micros: Micros | null) => (micros == null ? null : microsToDollars(micros))

export function toGroupJson(row: GroupRow): GroupJson {
  return {
    id: row.id,
    name: row.name,
    providerGroup: row.providerGroup,
    models: row.models,
    agents: row.agents,
    dailyLimit: dollarsOrNull(row.dailyLimitMicros),
    monthlyLimit: dollarsOrNull(row.monthlyLimitMicros),
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  }
}

function cleanName(name: string): string {
  const trimmed = name.trim()
  if (!trimmed) throw new AppError('bad_request:group_name', 'Group name cannot be empty')
  if (trimmed.length > MAX_GROUP_NAME)
    throw new AppError(
      'bad_request:group_name_length',
      `Group name must be ${MAX_GROUP_NAME} characters or less`,
    )
  return trimmed
}

function cleanProviderGroup(value: string | null): string | null {
  const trimmed = value?.trim() || null
  if (trimmed && trimmed.length > MAX_PROVIDER_GROUP)
    throw new AppError(
      'bad_request:provider_group',
      `providerGroup must be ${MAX_PROVIDER_GROUP} characters or less`,
    )
  return trimmed
}

const cleanList = (list: readonly string[]) => [...new Set(list.map((id) => id.trim()).filter(Boolean))]

/**
 * The fields of `body` as columns, each checked; a field left out is left out. Model ids must be in
 * the catalogue (enabled or not: an administrator may list a model before turning it on) and agent
 * ids among Parley's agents, so a typo is refused rather than silently narrowing to nothing.
 */
async function groupColumns(ctx: Ctx, body: UpdateGroupBody): Promise<Partial<GroupValues>> {
  const columns: Partial<GroupValues> = {}
  if (body.name !== undefined) columns.name = cleanName(body.name)
  if (body.providerGroup !== undefined) columns.providerGroup = cleanProviderGroup(body.providerGroup)
  if (body.models !== undefined) {
    const ids = body.models === null ? null : cleanList(body.models)
    if (ids) {
      const known = await groupsData(ctx.db).knownModels(ids)
      const unknown = ids.find((id) => !known.has(id))
      if (unknown !== undefined) throw new AppError('bad_request:group_models', `Unknown model: ${unknown}`)
    }
    columns.models = ids
  }
  if (body.agents !== undefined) {
    const ids = body.agents === null ? null : cleanList(body.agents)
    const unknown = ids?.find((id) => !AGENTS.some((agent) => agent.id === id))
    if (unknown !== undefined) throw new AppError('bad_request:group_agents', `Unknown agent: ${unknown}`)
    columns.agents = ids
  }
  const daily = limitMicros('dailyLimit', body.dailyLimit)
  const monthly = limitMicros('monthlyLimit', body.monthlyLimit)
  if (daily !== undefined) columns.dailyLimitMicros = daily
  if (monthly !== undefined) columns.monthlyLimitMicros = monthly
  return columns
}

/** 409 when another group has the name (letter case ignored) or the provider group. */
async function requireUnique(db: Ctx['db'], columns: Partial<GroupValues>, exceptId?: string) {
  const data = groupsData(db)
  if (columns.name !== undefined && (await data.nameTaken(columns.name, exceptId)))
    throw new AppError('conflict:group_name', GROUP_NAME_TAKEN)
  if (columns.providerGroup && (await data.providerGroupTaken(columns.providerGroup, exceptId)))
    throw new AppError('conflict:provider_group', PROVIDER_GROUP_TAKEN)
}

/** Two admins saving the same name at once: the unique index decides, answered as the check would. */
function uniqueViolation(error: unknown): AppError | null {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && current.code === '23505') {
      const text = String('constraint' in current ? current.constraint : '') + String(current)
      return text.includes('provider_group')
        ? new AppError('conflict:provider_group', PROVIDER_GROUP_TAKEN, { cause: error })
        : new AppError('conflict:group_name', GROUP_NAME_TAKEN, { cause: error })
    }
    current = 'cause' in current ? current.cause : undefined
  }
  return null
}

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    throw uniqueViolation(error) ?? error
  }
}

async function requireGroup(ctx: Pick<Ctx, 'db'>, id: string): Promise<GroupRow> {
  const group = isUuid(id) ? await groupsData(ctx.db).find(id) : undefined
  if (!group) throw new AppError('not_found:group', 'Group not found')
  return group
}

async function requireUser(ctx: Pick<Ctx, 'db'>, userId: string): Promise<void> {
  if (!isUuid(userId) || !(await groupsData(ctx.db).userExists(userId)))
    throw new AppError('not_found:user', 'User not found')
}

/**
 * After a change that can move someone's limits, their banner gets its new budget. In the
 * background, one person after the other: the change is saved, and a banner that misses the push
 * catches up on its next fetch.
 */
function pushBudgets(ctx: Ctx, userIds: readonly string[]): void {
  void (async () => {
    for (const userId of userIds) {
      try {
        pushUserStatus(ctx, await getUserBudget(ctx, userId))
      } catch (error) {
        ctx.log.warn('could not push budget:updated after a group change', { userId, error })
      }
    }
  })()
}

const limitsOf = (row: Pick<GroupValues, 'dailyLimitMicros' | 'monthlyLimitMicros'>) =>
  `${row.dailyLimitMicros ?? 'none'}/${row.monthlyLimitMicros ?? 'none'}`

export async function listGroups(ctx: Pick<Ctx, 'db'>): Promise<{ groups: GroupJson[] }> {
  return { groups: (await groupsData(ctx.db).list()).map(toGroupJson) }
}

export async function getGroup(ctx: Pick<Ctx, 'db'>, id: string) {
  const group = await requireGroup(ctx, id)
  return { group: toGroupJson(group), members: await groupsData(ctx.db).members(group.id) }
}

/** Creates a group, audited `group.create` with its values. */
export async function createGroup(
  ctx: Ctx,
  admin: Admin,
  body: CreateGroupBody,
  origin: RequestOrigin | null,
): Promise<{ group: GroupJson }> {
  const columns = await groupColumns(ctx, body)
  const values: GroupValues = {
    name: columns.name!,
    providerGroup: columns.providerGroup ?? null,
    models: columns.models ?? null,
    agents: columns.agents ?? null,
    dailyLimitMicros: columns.dailyLimitMicros ?? null,
    monthlyLimitMicros: columns.monthlyLimitMicros ?? null,
  }
  const group = await unique(() =>
    ctx.db.transaction(async (tx) => {
      await requireUnique(tx, values)
      const row = await groupsData(tx).insert(values, ctx.now())
      const json = toGroupJson({ ...row, memberCount: 0 })
      const { id: _id, memberCount: _count, createdAt: _at, ...details } = json
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'group.create', targetType: 'group', targetId: row.id, details },
        origin,
      )
      return json
    }),
  )
  return { group }
}

/** Changes a group's fields (a field left out stays), audited `group.update` with each change old → new. */
export async function updateGroup(
  ctx: Ctx,
  admin: Admin,
  id: string,
  body: UpdateGroupBody,
  origin: RequestOrigin | null,
): Promise<{ group: GroupJson }> {
  await requireGroup(ctx, id)
  const columns = await groupColumns(ctx, body)
  const { before, after } = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const data = groupsData(tx)
      const before = await data.find(id, { lock: true })
      if (!before) throw new AppError('not_found:group', 'Group not found')
      await requireUnique(tx, columns, id)
      await data.update(id, columns, ctx.now())
      const after = { ...before, ...columns }
      const [old, next] = [toGroupJson(before), toGroupJson(after)]
      const changes: Record<string, { from: unknown; to: unknown }> = {}
      for (const key of Object.keys(next) as (keyof GroupJson)[]) {
        if (JSON.stringify(old[key]) !== JSON.stringify(next[key]))
          changes[key] = { from: old[key], to: next[key] }
      }
      if (Object.keys(changes).length > 0)
        await recordAudit(
          { ...ctx, db: tx },
          admin,
          {
            action: 'group.update',
            targetType: 'group',
            targetId: id,
            details: { name: after.name, changes },
          },
          origin,
        )
      return { before, after }
    }),
  )
  forgetGroupPolicies(ctx)
  if (limitsOf(before) !== limitsOf(after)) pushBudgets(ctx, await groupsData(ctx.db).memberIds(id))
  return { group: toGroupJson(after) }
}

/**
 * Deletes a group, audited `group.delete`: its memberships go (foreign key), and the prompts and
 * entries shared with it stop being shared with it.
 */
export async function deleteGroup(ctx: Ctx, admin: Admin, id: string, origin: RequestOrigin | null) {
  await requireGroup(ctx, id)
  const { group, members } = await ctx.db.transaction(async (tx) => {
    const data = groupsData(tx)
    const group = await data.find(id, { lock: true })
    if (!group) throw new AppError('not_found:group', 'Group not found')
    const members = await data.memberIds(id)
    await data.delete(id)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'group.delete',
        targetType: 'group',
        targetId: id,
        details: { name: group.name, memberCount: members.length },
      },
      origin,
    )
    return { group, members }
  })
  forgetGroupPolicies(ctx)
  if (group.dailyLimitMicros !== null || group.monthlyLimitMicros !== null) pushBudgets(ctx, members)
}

/**
 * Adds a person by hand (`PUT`, idempotent), audited `group.member_add`. A membership a provider or
 * SCIM gave becomes a hand-added one: the administrator's decision then outlives the next sync, which
 * only removes what it added itself.
 */
export async function addMember(
  ctx: Ctx,
  admin: Admin,
  groupId: string,
  userId: string,
  origin: RequestOrigin | null,
): Promise<void> {
  const group = await requireGroup(ctx, groupId)
  await requireUser(ctx, userId)
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await groupsData(tx).addMember(group.id, userId)
    if (before === 'manual') return false
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'group.member_add',
        targetType: 'user',
        targetId: userId,
        details: { groupId: group.id, name: group.name, ...(before ? { from: before } : {}) },
      },
      origin,
    )
    return true
  })
  forgetGroupPolicies(ctx, userId)
  if (changed) pushBudgets(ctx, [userId])
}

/** Takes a person out of a group (idempotent), audited `group.member_remove` when they were in it. */
export async function removeMember(
  ctx: Ctx,
  admin: Admin,
  groupId: string,
  userId: string,
  origin: RequestOrigin | null,
): Promise<void> {
  const group = await requireGroup(ctx, groupId)
  await requireUser(ctx, userId)
  const removed = await ctx.db.transaction(async (tx) => {
    const source = await groupsData(tx).removeMember(group.id, userId)
    if (source === null) return false
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'group.member_remove',
        targetType: 'user',
        targetId: userId,
        details: { groupId: group.id, name: group.name, source },
      },
      origin,
    )
    return true
  })
  forgetGroupPolicies(ctx, userId)
  if (removed) pushBudgets(ctx, [userId])
}
