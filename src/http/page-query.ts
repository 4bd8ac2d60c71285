import { t } from 'elysia'

/** A page size in a list's query: a whole number of rows, 1 to 200 (src/chats/cursor.ts `pageSize`). */
export const pageLimit = t.Numeric({
  minimum: 1,
  maximum: 200,
  multipleOf: 1,
  error: 'limit must be a whole number between 1 and 200',
})

/** The query fields of a keyset-paginated list: where the previous page ended, and the page size. */
export const pageQuery = {
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(pageLimit),
}
