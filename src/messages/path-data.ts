import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import { messages } from '../../db/schema'
import { isUuid } from '../chats/cursor'
import { AppError } from '../http/errors'

/**
 * The SQL of a chat's tree (docs/decisions/158): which message is the current leaf, which ids lie
 * on the path up from a message, a message's siblings and a reply's usage. Every fragment is
 * limited to the owner's rows (`user_id`), like the rest of messagesFor.
 */

/** A value, or a placeholder of a prepared statement (db/prepared.ts). */
type Param = string | Placeholder

/**
 * The chat's current leaf: the stored one, else its newest message (read through the chat's own
 * index: the chat row is the person's, so its messages are).
 */
export function currentLeaf(chatId: Param, userId: Param): SQL<string | null> {
  return sql<string | null>`(select coalesce(c.current_leaf_id,
      (select n.id from messages n where n.chat_id = c.id order by n.created_at desc, n.id desc limit 1))
    from chats c where c.id = ${chatId} and c.user_id = ${userId})`
}

/**
 * The ids of the path that ends at `start` (one message id, or SQL naming one), at most `limit` of
 * them: a walk up `parent_id`, one primary-key lookup per step.
 */
export function pathIds(start: Param | SQL, chatId: Param, userId: Param, limit: number | Param): SQL {
  return sql`(with recursive path(id, parent_id, depth) as (
      select m.id, m.parent_id, 1 from messages m
        where m.id = ${start} and m.chat_id = ${chatId} and m.user_id = ${userId}
      union all
      select m.id, m.parent_id, p.depth + 1 from messages m join path p on m.id = p.parent_id
        where p.depth < ${limit} and m.user_id = ${userId}
    ) select id from path)`
}

/**
 * The rows of that path: `id = any(array(...))`, so the walk runs once and each row is read by its
 * primary key. The walk is the person's only (its every step is), so no other condition is needed
 * beside it: with `id in (...)` or a user_id condition the planner, lacking statistics, read every
 * message of the person through the user index (10 × slower for someone with thousands of chats).
 */
export function onPath(start: Param | SQL, chatId: Param, userId: Param, limit: number | Param): SQL {
  return sql`${messages.id} = any(array${pathIds(start, chatId, userId, limit)})`
}

/**
 * The newest message under `messageId` (itself included) in the chat. A child is always younger
 * than its parent, so the newest message of a subtree has no children: it is a leaf.
 */
export function newestUnder(messageId: string, chatId: string, userId: string): SQL<string | null> {
  return sql<string | null>`(with recursive below(id, created_at) as (
      select m.id, m.created_at from messages m
        where m.id = ${messageId} and m.chat_id = ${chatId} and m.user_id = ${userId}
      union all
      select m.id, m.created_at from messages m join below b on m.parent_id = b.id
        where m.chat_id = ${chatId} and m.user_id = ${userId}
    ) select id from below order by created_at desc, id desc limit 1)`
}

/*
 * The two per-row subqueries below name the outer row as "messages"."…" in plain text: Drizzle
 * renders a column of the selected table unqualified, which inside a subquery would mean the
 * subquery's own row (every message of every chat would be a sibling). They filter by chat and
 * parent (or message) only: the outer row is already the person's, and so is everything in its
 * chat. A user_id condition there would only invite the planner, without fresh statistics (the
 * embedded database has no autovacuum), to intersect with every message of the person.
 */

/** The message's siblings (its parent's children, itself included), oldest first, as a JSON array. */
export const siblingIdsOfRow = sql<string[]>`case when "messages"."parent_id" is null
    then (select json_agg(s.id order by s.created_at, s.id) from messages s
      where s.chat_id = "messages"."chat_id" and s.parent_id is null)
    else (select json_agg(s.id order by s.created_at, s.id) from messages s
      where s.parent_id = "messages"."parent_id")
  end`.mapWith(parseJson<string[]>)

/** What an assistant reply cost: the sum of its usage records (several for a research report), else null. */
export const usageOfRow = sql<RowUsage | null>`case when "messages"."is_user" then null else (
    select json_build_object('input_tokens', sum(u.prompt_tokens), 'output_tokens', sum(u.completion_tokens),
      'cost_micros', sum(u.cost_micros))
    from usage_records u where u.message_id = "messages"."id"
    having count(*) > 0) end`.mapWith(parseJson<RowUsage | null>)

export interface RowUsage {
  input_tokens: number | string
  output_tokens: number | string
  cost_micros: number | string
}

/** The drivers answer json as text or parsed, depending on the driver and the type: both are read. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

/** The cursor of a path page: the id of the oldest message shown; the next page starts at its parent. */
export function encodePathCursor(messageId: string): string {
  return Buffer.from(`path.${messageId}`).toString('base64url')
}

export function decodePathCursor(cursor: string): string {
  const match = /^path\.(.+)$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match || !isUuid(match[1])) throw new AppError('bad_request:cursor', 'Invalid cursor')
  return match[1].toLowerCase()
}
