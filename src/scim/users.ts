import type { ImpersonationEndReason } from '../../db/schema'
import { lockAdminMembership } from '../access/admin-membership-data'
import { announceEnded } from '../access/support-access'
import type { EndedImpersonation } from '../access/support-access-data'
import { deleteSessions } from '../auth/session'
import type { AppContext } from '../context'
import { endImpersonationsIn } from '../impersonation/service'
import { notFound, ScimError, uniqueness } from './errors'
import { parseFilter } from './filter'
import { type ListQuery, listResponse, paging } from './list'
import { parsePatch } from './patch'
import {
  activeAdminCount,
  emailTaken,
  findScimUser,
  insertScimUser,
  listScimUsers,
  type ScimUserRow,
  USER_FILTERS,
  updateScimUser,
} from './users-data'
import {
  attributesOf,
  booleanValue,
  checkEmails,
  FULL_NAME_MAX,
  fullNameOf,
  type NameParts,
  nameValue,
  objectBody,
  optionalString,
  splitName,
  userNameValue,
} from './values'

/*
 * SCIM Users (RFC 7643 section 4.1) over Parley's accounts: userName is the e-mail address,
 * the name is the one full name, `active` is the opposite of the admin's ban. Deactivating
 * (`active: false` or DELETE) is that ban: the sessions end and the sockets are cut on every
 * instance, sign-in is refused, and the data stays until an administrator deletes the account.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User'
const EXTERNAL_ID_MAX = 255
const USER_NOT_FOUND = 'User not found'
const USERNAME_TAKEN = 'userName is already taken'
export const LAST_ADMIN = 'This is the last active admin of Parley: it cannot be deactivated'

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'realtime'>

export function userResource(ctx: Pick<AppContext, 'config'>, row: ScimUserRow) {
  const name = splitName(row.fullName)
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    ...(row.fullName ? { name: { formatted: row.fullName, ...name }, displayName: row.fullName } : {}),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: !row.isBanned,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${ctx.config.appUrl}/scim/v2/Users/${row.id}`,
    },
  }
}

/** What a POST or PUT body says the user is. `active` absent: unchanged (true for a new user). */
function userFromResource(body: unknown) {
  const attributes = attributesOf(objectBody(body))
  checkEmails(attributes.get('emails'))
  const active = attributes.get('active')
  return {
    email: userNameValue(attributes.get('username')),
    fullName: fullNameOf(
      nameValue(attributes.get('name')),
      optionalString(attributes.get('displayname'), 'displayName', FULL_NAME_MAX),
    ),
    externalId: optionalString(attributes.get('externalid'), 'externalId', EXTERNAL_ID_MAX),
    active: active === undefined || active === null ? undefined : booleanValue(active, 'active'),
  }
}

export async function createUser(ctx: Ctx, body: unknown) {
  const input = userFromResource(body)
  if (await emailTaken(ctx.db, input.email)) throw uniqueness(USERNAME_TAKEN)
  const row = await insertScimUser(
    ctx.db,
    {
      email: input.email,
      fullName: input.fullName,
      externalId: input.externalId,
      isBanned: input.active === false,
    },
    ctx.now(),
  )
  return userResource(ctx, row)
}

export async function listUsers(ctx: Ctx, query: ListQuery) {
  const filter = query.filter ? parseFilter(query.filter, USER_FILTERS) : []
  const { startIndex, count } = paging(query)
  const { total, rows } = await listScimUsers(ctx.db, filter, startIndex - 1, count)
  return listResponse(
    total,
    startIndex,
    rows.map((row) => userResource(ctx, row)),
  )
}

export async function getUser(ctx: Ctx, id: string) {
  const row = await findScimUser(ctx.db, id)
  if (!row) throw notFound(USER_NOT_FOUND)
  return userResource(ctx, row)
}

type UserChange = Partial<{ email: string; fullName: string; externalId: string | null; isBanned: boolean }>

/**
 * Applies a change to one account in a transaction. Deactivating takes the admin-membership lock
 * (never the last active admin), ends the person's support accesses and deletes their sessions
 * with the change; after the commit their sockets are cut on every instance.
 */
async function changeUser(ctx: Ctx, id: string, decide: (before: ScimUserRow) => UserChange) {
  const { row, ended, access } = await ctx.db.transaction(async (tx) => {
    // Any change may deactivate an admin: the lock first, then the row's, as in the admin's own
    // changes (src/admin/users/service.ts), so the two never wait on each other in opposite orders.
    await lockAdminMembership(tx)
    const before = await findScimUser(tx, id, true)
    if (!before) throw notFound(USER_NOT_FOUND)
    const wanted = decide(before)
    const change: UserChange = {}
    if (wanted.email !== undefined && wanted.email !== before.email) {
      if (await emailTaken(tx, wanted.email, before.id)) throw uniqueness(USERNAME_TAKEN)
      change.email = wanted.email
    }
    if (wanted.fullName !== undefined && wanted.fullName !== before.fullName)
      change.fullName = wanted.fullName
    if (wanted.externalId !== undefined && wanted.externalId !== before.externalId)
      change.externalId = wanted.externalId
    if (wanted.isBanned !== undefined && wanted.isBanned !== before.isBanned)
      change.isBanned = wanted.isBanned
    if (Object.keys(change).length === 0)
      return { row: before, ended: [] as string[], access: [] as EndedAccess[] }
    const deactivating = change.isBanned === true
    if (deactivating && before.role === 'admin' && (await activeAdminCount(tx)) <= 1)
      throw new ScimError(409, LAST_ADMIN)
    const row = await updateScimUser(tx, before.id, change, ctx.now())
    if (!deactivating) return { row, ended: [] as string[], access: [] as EndedAccess[] }
    // Support access never outlives the rights it rests on (decision 117), as with a ban.
    const access: EndedAccess[] = []
    for (const [scope, reason] of [
      [{ asAdmin: before.id }, 'admin_banned'],
      [{ asTarget: before.id }, 'target_banned'],
    ] as const) {
      access.push({ rows: await endImpersonationsIn(tx, ctx.now(), scope, reason), reason })
    }
    return { row, ended: await deleteSessions(tx, { userId: before.id }), access }
  })
  // After the commit, so a rolled-back deactivation never cuts anyone's sockets.
  for (const { rows, reason } of access) announceEnded(ctx, rows, reason)
  ctx.realtime.endSessions(ended)
  return userResource(ctx, row)
}
type EndedAccess = { rows: EndedImpersonation[]; reason: ImpersonationEndReason }

export async function replaceUser(ctx: Ctx, id: string, body: unknown) {
  const input = userFromResource(body)
  return changeUser(ctx, id, () => ({
    email: input.email,
    fullName: input.fullName,
    externalId: input.externalId,
    ...(input.active !== undefined ? { isBanned: !input.active } : {}),
  }))
}

/** DELETE: the account is deactivated, never deleted (its data is kept until an administrator deletes it). */
export async function deactivateUser(ctx: Ctx, id: string) {
  await changeUser(ctx, id, () => ({ isBanned: true }))
}

export async function patchUser(ctx: Ctx, id: string, body: unknown) {
  const changes = parsePatch(body)
  return changeUser(ctx, id, (before) => {
    const name: NameParts = { formatted: undefined, ...splitName(before.fullName) }
    let nameTouched = false
    let displayName: string | null | undefined
    const result: UserChange = {}
    for (const { op, attribute, filter, value } of changes) {
      const removing = op === 'remove'
      const text = (label: string, max: number) => (removing ? null : optionalString(value, label, max))
      switch (attribute) {
        case 'username':
          if (removing) throw new ScimError(400, 'userName is required', 'mutability')
          result.email = userNameValue(value)
          break
        case 'externalid':
          result.externalId = text('externalId', EXTERNAL_ID_MAX)
          break
        case 'active':
          if (removing) throw new ScimError(400, 'active cannot be removed', 'mutability')
          result.isBanned = !booleanValue(value, 'active')
          break
        case 'displayname':
          displayName = text('displayName', FULL_NAME_MAX)
          break
        case 'name': {
          const parts = removing ? { formatted: null, givenName: null, familyName: null } : nameValue(value)
          // `add`/`replace` of the whole name: the parts it leaves out are gone too.
          Object.assign(name, { formatted: null, givenName: null, familyName: null }, parts)
          nameTouched = true
          break
        }
        case 'name.formatted':
          name.formatted = text('name.formatted', FULL_NAME_MAX)
          nameTouched = true
          break
        case 'name.givenname':
          name.givenName = text('name.givenName', FULL_NAME_MAX)
          nameTouched = true
          break
        case 'name.familyname':
          name.familyName = text('name.familyName', FULL_NAME_MAX)
          nameTouched = true
          break
        case 'emails':
          if (!removing && filter === undefined) checkEmails(value)
          break
        default:
          // emails[type eq "work"].value and every attribute Parley does not keep: accepted, ignored.
          break
      }
    }
    if (nameTouched) {
      // A changed part with an unchanged formatted name: the parts make the name.
      const formatted = name.formatted === undefined ? null : name.formatted
      result.fullName = fullNameOf({ ...name, formatted }, displayName ?? null) || before.fullName
    } else if (displayName !== undefined) {
      result.fullName = fullNameOf({}, displayName) || before.fullName
    }
    return result
  })
}
