import type { Actor } from '../../access/actor'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { decodeCursorParts, encodeCursor, isStampKey, parseLimit } from '../users/service'
import { auditTrailFor } from './audit-data'
import { type DescribedWrite, describeWrite } from './writes'

/** An ISO date or date-time between 1970 and 9999, for the `from`/`to` filters. */
function parseInstant(value: string | undefined, name: 'from' | 'to'): Date | undefined {
  if (value === undefined || value === '') return undefined
  const ms = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
    ? Date.parse(value)
    : Number.NaN
  if (!(ms >= 0 && ms <= Date.UTC(9999, 11, 31)))
    throw new AppError(
      `bad_request:${name}`,
      `${name} must be an ISO date or date-time (2026-01-31T12:00:00Z)`,
    )
  return new Date(ms)
}

export async function listAudit(
  ctx: AppContext,
  actor: Actor,
  query: {
    actor?: string
    target?: string
    actorEmail?: string
    targetEmail?: string
    action?: string
    from?: string
    to?: string
    cursor?: string
    limit?: string
  },
) {
  if (query.actor !== undefined && query.actor !== '' && !isUuid(query.actor))
    throw new AppError('bad_request:actor', 'actor must be a user id')
  const from = parseInstant(query.from, 'from')
  const to = parseInstant(query.to, 'to')
  const limit = parseLimit(query.limit)
  let after: { key: string; id: string } | undefined
  if (query.cursor) {
    const [key, id] = decodeCursorParts(query.cursor)
    if (!isStampKey(key) || !isUuid(id)) throw new AppError('bad_request:cursor', 'Invalid cursor')
    after = { key, id: id.toLowerCase() }
  }
  const rows = await auditTrailFor(ctx.db, actor).list({
    actorId: query.actor || undefined,
    targetId: query.target || undefined,
    actorEmail: query.actorEmail?.trim() || undefined,
    targetEmail: query.targetEmail?.trim() || undefined,
    action: query.action || undefined,
    from,
    to,
    after,
    limit: limit + 1,
  })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const people = await auditTrailFor(ctx.db, actor).people([...new Set(page.flatMap(peopleOf))])
  return {
    items: page.map(({ key: _, ...entry }) => ({ ...entry, ...readable(entry, people) })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.key, last.id]) : null,
  }
}

type Row = {
  actorId: string | null
  actingAsId: string | null
  action: string
  targetType: string
  targetId: string | null
  details: unknown
}
type Person = { name: string | null; email: string }

/** The user ids an entry names: who acted, whom they acted as, the user acted on. */
function peopleOf(entry: Row): string[] {
  const ids = [entry.actorId, entry.actingAsId]
  if (entry.targetType === 'user' && entry.targetId && isUuid(entry.targetId)) ids.push(entry.targetId)
  return ids.filter((id): id is string => id !== null)
}

const detailsOf = (entry: Row): Record<string, unknown> =>
  entry.details && typeof entry.details === 'object' && !Array.isArray(entry.details)
    ? (entry.details as Record<string, unknown>)
    : {}
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * What the admin area shows instead of ids and routes (decision 145): names and e-mails as they are
 * now (or, for a deleted account, as the entry recorded them), and a support-access write's
 * operation and the thing it acted on.
 */
function readable(entry: Row, people: Map<string, Person>) {
  const details = detailsOf(entry)
  const actingAs = entry.actingAsId
    ? { id: entry.actingAsId, ...(people.get(entry.actingAsId) ?? { name: null, email: null }) }
    : null
  let targetUser: { name: string | null; email: string | null } | null = null
  if (entry.targetType === 'user' && entry.targetId) {
    const now = people.get(entry.targetId)
    targetUser = now ?? { name: text(details.fullName), email: text(details.email) }
  }
  const write: DescribedWrite =
    entry.action === 'impersonation.write'
      ? describeWrite(entry.targetId, details.path)
      : { operation: null, subject: null }
  return {
    actorName: entry.actorId ? (people.get(entry.actorId)?.name ?? null) : null,
    actingAs,
    targetUser,
    operation: write.operation,
    subject: write.subject,
  }
}
