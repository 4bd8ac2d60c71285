import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import { groupsData } from '../groups/groups-data'
import { forgetGroupPolicies } from '../groups/policy'
import { invalidPath, invalidValue, notFound, ScimError, uniqueness } from './errors'
import { parseFilter } from './filter'
import {
  addMembers,
  existingUserIds,
  findScimGroup,
  GROUP_FILTERS,
  insertScimGroup,
  listScimGroups,
  membersOf,
  nameTaken,
  removeMembers,
  type ScimGroupRow,
  type ScimMemberRow,
  setMembers,
  updateScimGroup,
} from './groups-data'
import { type ListQuery, listResponse, omitsMembers, paging } from './list'
import { parsePatch } from './patch'
import { attributesOf, isObject, objectBody, optionalString } from './values'

/*
 * SCIM Groups (RFC 7643 section 4.2) over Parley's groups (issue 29): displayName is the group's
 * name, members are accounts by id. Members a SCIM client adds join with source 'scim'; a member
 * already in the group (added by hand or by a provider's sync) keeps their source. The client's
 * explicit removals and replacements act on every member, as RFC 7644 defines them.
 */

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group'
const GROUP_NOT_FOUND = 'Group not found'
const NAME_TAKEN = 'A group with this displayName already exists'
const NAME_MAX = 100
const MAX_MEMBERS = 10_000

type Ctx = Pick<AppContext, 'db' | 'now' | 'config'>

function groupResource(ctx: Pick<AppContext, 'config'>, row: ScimGroupRow, members: ScimMemberRow[] | null) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.userId,
            display: member.fullName || member.email,
            type: 'User',
            $ref: `${ctx.config.appUrl}/scim/v2/Users/${member.userId}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${ctx.config.appUrl}/scim/v2/Groups/${row.id}`,
    },
  }
}

function nameValue(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw invalidValue('displayName is required')
  const name = value.trim()
  if (name.length > NAME_MAX) throw invalidValue(`displayName must be at most ${NAME_MAX} characters`)
  return name
}

/** `members`: `[{value: "<user id>"}]`; every id must be an account (400 invalidValue otherwise). */
async function memberIds(db: Ctx['db'], value: unknown): Promise<string[]> {
  if (value === undefined || value === null) return []
  const items = Array.isArray(value) ? value : [value]
  if (items.length > MAX_MEMBERS) throw invalidValue(`At most ${MAX_MEMBERS} members per request`)
  const ids: string[] = []
  for (const item of items) {
    if (!isObject(item)) throw invalidValue('Each member must be an object with a value')
    const id = attributesOf(item).get('value')
    if (typeof id !== 'string') throw invalidValue('Each member needs a value (a user id)')
    ids.push(id.toLowerCase())
  }
  const unique = [...new Set(ids)]
  const found = await existingUserIds(db, unique.filter(isUuid))
  const unknown = unique.find((id) => !found.has(id))
  if (unknown) throw invalidValue(`Unknown member "${unknown.slice(0, 64)}"`)
  return unique
}

async function withMembers(ctx: Ctx, row: ScimGroupRow, omit = false) {
  return groupResource(ctx, row, omit ? null : await membersOf(ctx.db, [row.id]))
}

export async function createGroup(ctx: Ctx, body: unknown) {
  const attributes = attributesOf(objectBody(body))
  const name = nameValue(attributes.get('displayname'))
  const externalId = optionalString(attributes.get('externalid'), 'externalId', 255)
  const row = await ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, name)) throw uniqueness(NAME_TAKEN)
    const members = await memberIds(tx, attributes.get('members'))
    const row = await insertScimGroup(tx, { name, externalId })
    await addMembers(tx, row.id, members)
    return row
  })
  forgetGroupPolicies(ctx)
  return withMembers(ctx, row)
}

export async function listGroups(ctx: Ctx, query: ListQuery) {
  const filter = query.filter ? parseFilter(query.filter, GROUP_FILTERS) : []
  const { startIndex, count } = paging(query)
  const { total, rows } = await listScimGroups(ctx.db, filter, startIndex - 1, count)
  const members = omitsMembers(query)
    ? null
    : await membersOf(
        ctx.db,
        rows.map((row) => row.id),
      )
  return listResponse(
    total,
    startIndex,
    rows.map((row) =>
      groupResource(ctx, row, members ? members.filter((member) => member.groupId === row.id) : null),
    ),
  )
}

export async function getGroup(ctx: Ctx, id: string, query: ListQuery) {
  const row = await findScimGroup(ctx.db, id)
  if (!row) throw notFound(GROUP_NOT_FOUND)
  return withMembers(ctx, row, omitsMembers(query))
}

/** Runs `apply` on the locked group in a transaction; answers the group as it is after. */
async function changeGroup(
  ctx: Ctx,
  id: string,
  apply: (tx: Ctx['db'], before: ScimGroupRow) => Promise<void>,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findScimGroup(tx, id, true)
    if (!before) throw notFound(GROUP_NOT_FOUND)
    await apply(tx, before)
    return (await findScimGroup(tx, id))!
  })
  return row
}

async function rename(tx: Ctx['db'], before: ScimGroupRow, name: string, now: Date) {
  if (name === before.name) return
  if (await nameTaken(tx, name, before.id)) throw uniqueness(NAME_TAKEN)
  await updateScimGroup(tx, before.id, { name }, now)
}

export async function replaceGroup(ctx: Ctx, id: string, body: unknown) {
  const attributes = attributesOf(objectBody(body))
  const name = nameValue(attributes.get('displayname'))
  const externalId = optionalString(attributes.get('externalid'), 'externalId', 255)
  const row = await changeGroup(ctx, id, async (tx, before) => {
    await rename(tx, before, name, ctx.now())
    await updateScimGroup(tx, id, { externalId }, ctx.now())
    await setMembers(tx, before.id, await memberIds(tx, attributes.get('members')))
  })
  forgetGroupPolicies(ctx)
  return withMembers(ctx, row)
}

/**
 * PATCH: displayName and externalId replaced; members added, removed (all, the listed ones, or
 * the one a `members[value eq "…"]` path names) or replaced. Answers 204 (RFC 7644 section 3.5.2
 * allows it; Entra ID and Okta expect no body), the group's attributes otherwise unchanged.
 */
export async function patchGroup(ctx: Ctx, id: string, body: unknown) {
  const changes = parsePatch(body)
  await changeGroup(ctx, id, async (tx, before) => {
    let current = before
    for (const { op, attribute, filter, value } of changes) {
      const removing = op === 'remove'
      switch (attribute) {
        case 'displayname':
          if (removing) throw new ScimError(400, 'displayName is required', 'mutability')
          await rename(tx, current, nameValue(value), ctx.now())
          current = { ...current, name: nameValue(value) }
          break
        case 'externalid':
          await updateScimGroup(
            tx,
            before.id,
            { externalId: removing ? null : optionalString(value, 'externalId', 255) },
            ctx.now(),
          )
          break
        case 'members':
        case 'members.value': {
          if (filter) {
            if (filter.attribute !== 'value' || !removing)
              throw invalidPath(
                'A members filter can only name the member to remove, as members[value eq "…"]',
              )
            await removeMembers(tx, before.id, [filter.value.toLowerCase()].filter(isUuid))
          } else if (removing) {
            await removeMembers(
              tx,
              before.id,
              value === undefined || value === null ? 'all' : listedIds(value),
            )
          } else {
            const ids = await memberIds(tx, value)
            if (op === 'replace') await setMembers(tx, before.id, ids)
            else await addMembers(tx, before.id, ids)
          }
          await updateScimGroup(tx, before.id, {}, ctx.now())
          break
        }
        default:
          // Attributes Parley does not keep (id, schemas, meta): accepted, ignored.
          break
      }
    }
  })
  // Memberships changed: this instance reads everyone's group rules afresh (others within 5 s).
  forgetGroupPolicies(ctx)
}

/** The ids a remove lists (unknown ones are simply not members: nothing to remove). */
function listedIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value]
  if (items.length > MAX_MEMBERS) throw invalidValue(`At most ${MAX_MEMBERS} members per request`)
  return items
    .map((item) => {
      const id = isObject(item) ? attributesOf(item).get('value') : undefined
      if (typeof id !== 'string') throw invalidValue('Each member needs a value (a user id)')
      return id.toLowerCase()
    })
    .filter(isUuid)
}

/**
 * Deletes the group as the admin area does (its id also leaves the prompts and knowledge entries
 * shared with it), and this instance forgets every person's group rules at once (others within 5 s).
 */
export async function deleteGroup(ctx: Ctx, id: string) {
  if (!isUuid(id) || !(await groupsData(ctx.db).find(id.toLowerCase()))) throw notFound(GROUP_NOT_FOUND)
  await groupsData(ctx.db).delete(id.toLowerCase())
  forgetGroupPolicies(ctx)
}
