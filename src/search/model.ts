import { t } from 'elysia'
import { ok } from '../http/model'

/** At most this many results a page (the sidebar and the palette show 20). */
export const MAX_SEARCH_LIMIT = 50
export const DEFAULT_SEARCH_LIMIT = 20

export const searchQuery = t.Object({
  // No length limit: any text answers 200 (issue 28 "Bad input"); the service reads its first words.
  q: t.Optional(t.String()),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(
    t.Numeric({
      minimum: 1,
      maximum: MAX_SEARCH_LIMIT,
      multipleOf: 1,
      error: `limit must be a whole number between 1 and ${MAX_SEARCH_LIMIT}`,
    }),
  ),
})

const searchItem = t.Object({
  /** `archived`: the chat is archived; it is found all the same, and the results say so. */
  chat: t.Object({ id: t.String(), title: t.String(), archived: t.Boolean() }),
  /** Null: the chat's title matched. */
  message: t.Nullable(
    t.Object({
      id: t.String(),
      snippet: t.String(),
      /** [start, end) offsets into `snippet`, in UTF-16 code units. */
      highlights: t.Array(t.Tuple([t.Integer(), t.Integer()])),
      created_at: t.String(),
      /** False: the message is in another branch; opening it switches the chat to that branch. */
      on_current_path: t.Boolean(),
    }),
  ),
})

export type SearchItem = typeof searchItem.static

export const searchResponse = ok(t.Object({ items: t.Array(searchItem), nextCursor: t.Nullable(t.String()) }))
