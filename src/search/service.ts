import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { DEFAULT_SEARCH_LIMIT, type SearchItem } from './model'
import { parseQuery } from './query'
import { searchFor } from './search-data'
import { makeSnippet } from './snippet'

/**
 * Deeper than this a cursor is refused: results are ranked, so a page is an offset into the ranking,
 * and nobody reads a ranking 500 pages down.
 */
const MAX_OFFSET = 10_000

/** Searches the actor's chat titles and every message of every branch (docs/decisions/161). */
export async function searchEverything(
  ctx: Pick<AppContext, 'database'>,
  actor: Actor,
  query: { q?: string; cursor?: string; limit?: number },
): Promise<{ items: SearchItem[]; nextCursor: string | null }> {
  const offset = query.cursor ? decodeSearchCursor(query.cursor) : 0
  const limit = query.limit ?? DEFAULT_SEARCH_LIMIT
  const parsed = parseQuery(query.q ?? '')
  const data = searchFor(ctx.database, actor)
  const tsquery = await data.tsquery(parsed.pieces)
  if (!tsquery.text) return { items: [], nextCursor: null }

  const hits = await data.hits(tsquery, limit + 1, offset)
  const page = hits.slice(0, limit)
  const messageIds = page.flatMap((hit) => (hit.messageId ? [hit.messageId] : []))
  const messageChatIds = [...new Set(page.flatMap((hit) => (hit.messageId ? [hit.chatId] : [])))]
  const messages = await data.messages(messageIds, messageChatIds)

  const items: SearchItem[] = []
  for (const { chatId, messageId, title, archived } of page) {
    if (!messageId) {
      items.push({ chat: { id: chatId, title, archived }, message: null })
      continue
    }
    // Deleted between the two reads: left out.
    const message = messages.get(messageId)
    if (!message) continue
    items.push({
      chat: { id: chatId, title, archived },
      message: {
        id: message.id,
        ...makeSnippet(message.content, parsed.words, parsed.prefix),
        created_at: message.createdAt.toISOString(),
        on_current_path: message.onPath,
      },
    })
  }
  return { items, nextCursor: hits.length > limit ? encodeSearchCursor(offset + limit) : null }
}

export function encodeSearchCursor(offset: number): string {
  return Buffer.from(`search.${offset}`).toString('base64url')
}

export function decodeSearchCursor(cursor: string): number {
  const match = /^search\.(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString())
  const offset = match ? Number(match[1]) : Number.NaN
  if (!(offset <= MAX_OFFSET)) throw new AppError('bad_request:cursor', 'Invalid cursor')
  return offset
}
