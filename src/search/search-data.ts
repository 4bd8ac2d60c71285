import type { Database } from '../../db/client'
import type { Actor } from '../auth/actor'
import type { QueryPiece } from './query'

/**
 * The search index's reads (docs/decisions/161). `chats.search` and `messages.search` are stored
 * tsvectors (migration 0020) that the Drizzle tables leave out on purpose, so these queries are SQL
 * with parameters. Every query is limited to the actor's rows (`user_id = $1`): another person's
 * chats and messages cannot be found, whatever the text.
 */

/** A match: a chat by its title (no message) or a message in any branch of a chat. */
export interface Hit {
  chatId: string
  messageId: string | null
  title: string
  /** The chat is archived: found all the same, and marked so (issue 28). */
  archived: boolean
}

export interface FoundMessage {
  id: string
  chatId: string
  content: string
  createdAt: Date
  /** Whether it lies on its chat's current path (else opening it switches branch). */
  onPath: boolean
}

/** The tsquery of one piece: its words in order; the last one a prefix while typing. */
function pieceQuery(piece: QueryPiece, param: string): string {
  const words = `phraseto_tsquery('simple', parley_search_text(${param}))`
  if (!piece.prefix) return words
  // Only when the text ends in a lexeme ('…'): an empty query, or any other ending, stays as it is.
  return `(select case when p::text like '%''' then (p::text || ':*')::tsquery else p end from ${words} p)`
}

const idList = (ids: string[]) => ids.join(',')

/**
 * The newest this many matching messages are ranked (docs/decisions/161): a word in thousands of
 * messages is a word being typed ("bu…"), and ranking every match would read every one's tsvector.
 */
export const MAX_RANKED = 500

/**
 * The hits statement planned for its own values every time: whether a word is in most of a person's
 * messages (walk them newest first) or in few (the GIN index) is the plan's whole point, and a
 * prepared statement's generic plan, which postgres.js would use after five runs, cannot see it.
 * PGlite's queries are unnamed statements, planned each time already.
 */
function plannedEachTime(database: Pick<Database, 'query' | 'sql'>) {
  const { sql } = database
  if (!sql) return database.query.bind(database)
  return async <T>(text: string, params: unknown[]) =>
    (await sql.unsafe(text, params as never[], { prepare: false })) as unknown as T[]
}

export function searchFor(database: Pick<Database, 'query' | 'sql'>, actor: Actor) {
  const userId = actor.userId
  const planned = plannedEachTime(database)

  return {
    /**
     * The pieces as one tsquery in its text form ('' when no piece has a word the parser keeps).
     * Built by the database, which reads each piece with the index's own parser and folding.
     */
    async tsquery(pieces: QueryPiece[]): Promise<string> {
      if (pieces.length === 0) return ''
      const parts = pieces.map((piece, index) => `(${pieceQuery(piece, `$${index + 1}`)})`)
      const [row] = await database.query<{ q: string }>(
        `select (${parts.join(' && ')})::text as q`,
        pieces.map((piece) => piece.text),
      )
      return row?.q ?? ''
    },

    /**
     * A page of matches: title matches first, then messages; by rank (ts_rank_cd), newest first
     * among equals. `tsquery` is the text form from `tsquery()`, read by the database as a tsquery
     * parameter (never parsed from the person's text).
     */
    async hits(tsquery: string, limit: number, offset: number): Promise<Hit[]> {
      const rows = await planned<{
        chat_id: string
        message_id: string | null
        title: string
        archived: boolean
      }>(
        `select hits.chat_id, hits.message_id, c.title, c.archived from (
          select 0 as kind, c.id as chat_id, null::uuid as message_id,
              ts_rank_cd(c.search, $2::tsquery) as rank, c.updated_at as at
            from chats c where c.user_id = $1 and c.search @@ $2::tsquery
          union all
          select * from (
            select 1, m.chat_id, m.id, ts_rank_cd(m.search, $2::tsquery), m.created_at
              from messages m where m.user_id = $1 and m.search @@ $2::tsquery
              order by m.created_at desc limit ${MAX_RANKED}
          ) newest
        ) hits
        join chats c on c.id = hits.chat_id and c.user_id = $1
        order by hits.kind, hits.rank desc, hits.at desc, hits.message_id desc, hits.chat_id desc
        limit $3 offset $4`,
        [userId, tsquery, limit, offset],
      )
      return rows.map((row) => ({
        chatId: row.chat_id,
        messageId: row.message_id,
        title: row.title,
        archived: row.archived,
      }))
    },

    /**
     * The messages with their text, and whether each lies on its chat's current path: a walk up
     * from each chat's current leaf (the stored one, else the newest message; docs/decisions/158).
     */
    async messages(messageIds: string[], chatIds: string[]): Promise<Map<string, FoundMessage>> {
      if (messageIds.length === 0) return new Map()
      const rows = await database.query<{
        id: string
        chat_id: string
        content: string
        created_at: Date | string
        on_path: boolean
      }>(
        `with recursive leaves as (
          select coalesce(c.current_leaf_id, (select n.id from messages n
              where n.chat_id = c.id and n.user_id = $1 order by n.created_at desc, n.id desc limit 1)) as id
            from chats c where c.user_id = $1 and c.id = any(string_to_array($3, ',')::uuid[])
        ), walk(id, parent_id) as (
          select m.id, m.parent_id from messages m join leaves l on m.id = l.id where m.user_id = $1
          union all
          select m.id, m.parent_id from messages m join walk w on m.id = w.parent_id where m.user_id = $1
        )
        select m.id, m.chat_id, m.content, m.created_at, exists (select 1 from walk w where w.id = m.id) as on_path
          from messages m where m.user_id = $1 and m.id = any(string_to_array($2, ',')::uuid[])`,
        [userId, idList(messageIds), idList(chatIds)],
      )
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            chatId: row.chat_id,
            content: row.content,
            createdAt: new Date(row.created_at),
            onPath: row.on_path,
          },
        ]),
      )
    },
  }
}
