import { and, type Column, eq, lt, or, type SQL } from 'drizzle-orm'
import { AppError } from '../http/errors'

/**
 * Keyset pagination over (created_at desc, id desc). The cursor is the last row's position,
 * opaque to clients. Rows are written with millisecond timestamps from the app, so the position
 * round-trips exactly through a JavaScript Date.
 */
export interface Position {
  createdAt: Date
  id: string
}

export function encodeCursor(row: Position): string {
  return Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url')
}

/**
 * The last instant a cursor may carry (9999-12-31T23:59:59.999Z). A forged cursor can name any
 * 16-digit millisecond count; past year 9999 a Date either is invalid or serialises as `+275760-...`,
 * which Postgres refuses (a 500 before this check). Rows are written by the app, so no real
 * position lies outside 1970..9999.
 */
const LAST_CURSOR_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

export function decodeCursor(cursor: string): Position {
  const match = /^(\d{1,16})\.([0-9a-f-]{36})$/i.exec(Buffer.from(cursor, 'base64url').toString())
  const ms = match ? Number(match[1]) : Number.NaN
  if (!match || !(ms <= LAST_CURSOR_MS) || !isUuid(match[2]))
    throw new AppError('bad_request:cursor', 'Invalid cursor')
  return { createdAt: new Date(ms), id: match[2]!.toLowerCase() }
}

/**
 * The chat list's cursor: `p.` before the position when the row is pinned (pinned chats come
 * first). A cursor without it (made before pins existed) is a position among the unpinned.
 */
export function encodeListCursor(row: Position & { pinned: boolean }): string {
  const position = encodeCursor(row)
  return row.pinned ? `p.${position}` : position
}

export function decodeListCursor(cursor: string): Position & { pinned: boolean } {
  const pinned = cursor.startsWith('p.')
  return { ...decodeCursor(pinned ? cursor.slice(2) : cursor), pinned }
}

/** Rows strictly after `position` in (createdAt desc, id desc) order. */
export function olderThan(columns: { createdAt: Column; id: Column }, position: Position): SQL {
  return or(
    lt(columns.createdAt, position.createdAt),
    and(eq(columns.createdAt, position.createdAt), lt(columns.id, position.id)),
  )!
}

/** Page size: default 50, at most 200. */
export function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? 50, 1), 200)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)
