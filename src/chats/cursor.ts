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

export function decodeCursor(cursor: string): Position {
  const match = /^(\d{1,16})\.([0-9a-f-]{36})$/i.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw new AppError('bad_request:cursor', 'Invalid cursor')
  return { createdAt: new Date(Number(match[1])), id: match[2]!.toLowerCase() }
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
