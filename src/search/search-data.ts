import type { Database } from '../../db/client'
import type { Actor } from '../auth/actor'
import { indexPieces, type QueryPiece } from './query'

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

/**
 * The tsquery of one piece: its words in order, each with the person's key as the index holds them
 * (`$1` is the person's id; migration 0032); the last one a prefix while typing.
 */
function pieceQuery(piece: QueryPiece, param: string): string {
  const words = `phraseto_tsquery('simple', parley_search_words($1::uuid, ${param}))`
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

/** A tsquery's text and how many messages the planner expects it to match (all owners together). */
export interface SearchQuery {
  text: string
  expected: number
  /** A broader tsquery for the index, each row then checked against `text` (query.ts, `indexPieces`). */
  index?: string
}

/**
 * From this many expected matches on, the newest ones are found by walking the person's messages
 * newest first (docs/decisions/192): a word in thousands of messages turns up within the newest few
 * thousand, and fetching every one of its matches from the index would read far more rows.
 */
export const WALK_FROM = 2000

/**
 * The newest matches from the index: with the owner's key in every word, it gives the person's rows
 * only. The owner is checked as `is true`, which no index serves: as a plain `=` the planner would
 * also read the person's whole stretch of messages_user_created_idx to AND it with what the search
 * index gives, every row of which is the person's already (for the heaviest person, 100,000 entries
 * read for nothing). `broader`: the index is asked the broader query (`$5`), each row then checked
 * against the whole one.
 */
const fromIndex = (broader: boolean) => `select m.chat_id, m.id, m.search, m.created_at from messages m
  where ${broader ? 'm.search @@ $5::tsquery and ts_match_vq(m.search, $2::tsquery)' : 'm.search @@ $2::tsquery'}
    and (m.user_id = $1) is true
  order by m.created_at desc limit ${MAX_RANKED}`

/**
 * The newest matches by walking the person's messages newest first (messages_user_created_idx) and
 * stopping at enough. The match is written as the function behind `@@`: the index cannot serve it,
 * and the planner gives it a third of the rows, so it plans the walk (as `@@`, it would expect a
 * handful of matches, and read and sort all of the person's messages to find them).
 */
const walkNewest = `select m.chat_id, m.id, m.search, m.created_at from messages m
  where m.user_id = $1 and ts_match_vq(m.search, $2::tsquery)
  order by m.created_at desc limit ${MAX_RANKED}`

export function searchFor(database: Pick<Database, 'query' | 'sql'>, actor: Actor) {
  const userId = actor.userId
  const planned = plannedEachTime(database)

  return {
    /**
     * The pieces as one tsquery in its text form ('' when no piece has a word the parser keeps),
     * built by the database, which reads each piece with the index's own parser and folding; and
     * how many messages the planner expects it to match (migration 0032's `parley_search_estimate`).
     */
    async tsquery(pieces: QueryPiece[]): Promise<SearchQuery> {
      if (pieces.length === 0) return { text: '', expected: 0 }
      const params: unknown[] = [userId]
      const built = (list: QueryPiece[]) =>
        list.map((piece) => `(${pieceQuery(piece, `$${params.push(piece.text)}`)})`).join(' && ')
      const q = built(pieces)
      const broader = indexPieces(pieces)
      const index = broader ? `(${built(broader)})::text` : 'null'
      const [row] = await database.query<{ q: string; expected: number; index: string | null }>(
        `select q::text as q, parley_search_estimate(q) as expected, ${index} as index
          from (select (${q}) as q) built`,
        params,
      )
      return { text: row?.q ?? '', expected: Number(row?.expected ?? 0), index: row?.index || undefined }
    },

    /**
     * A page of matches: title matches first, then messages; by rank (ts_rank_cd), newest first
     * among equals. The tsquery is read by the database as a tsquery parameter (never parsed from
     * the person's text).
     */
    async hits(query: SearchQuery, limit: number, offset: number): Promise<Hit[]> {
      const walks = query.expected >= WALK_FROM
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
          select 1, newest.chat_id, newest.id, ts_rank_cd(newest.search, $2::tsquery), newest.created_at
            from (${walks ? walkNewest : fromIndex(!!query.index)}) newest
        ) hits
        join chats c on c.id = hits.chat_id and c.user_id = $1
        order by hits.kind, hits.rank desc, hits.at desc, hits.message_id desc, hits.chat_id desc
        limit $3 offset $4`,
        [userId, query.text, limit, offset, ...(!walks && query.index ? [query.index] : [])],
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
     * from each branched chat's current leaf (the stored one, else the newest message;
     * docs/decisions/158). A chat that never branched is one path, every message on it.
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
            from chats c where c.user_id = $1 and c.branched and c.id = any(string_to_array($3, ',')::uuid[])
        ), walk(id, parent_id) as (
          select m.id, m.parent_id from messages m join leaves l on m.id = l.id where m.user_id = $1
          union all
          select m.id, m.parent_id from messages m join walk w on m.id = w.parent_id where m.user_id = $1
        )
        select m.id, m.chat_id, m.content, m.created_at,
            not c.branched or exists (select 1 from walk w where w.id = m.id) as on_path
          from messages m join chats c on c.id = m.chat_id and c.user_id = $1
          where m.user_id = $1 and m.id = any(string_to_array($2, ',')::uuid[])`,
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
