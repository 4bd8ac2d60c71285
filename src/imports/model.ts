import { t } from 'elysia'
import { ok } from '../http/model'

/** An import as its owner sees it (issue 32, point 5; docs/decisions/173-imports.md). */
export const importJson = t.Object({
  id: t.String(),
  file_name: t.String(),
  status: t.Union([t.Literal('running'), t.Literal('done'), t.Literal('failed'), t.Literal('cancelled')]),
  /** The export the file was recognised as; null until it has been read (or when it was none). */
  source: t.Nullable(t.Union([t.Literal('chatgpt'), t.Literal('claude'), t.Literal('parley')])),
  /** Conversations read of the file's total (0 of 0 while the file is being read). */
  progress: t.Object({ done: t.Number(), total: t.Number() }),
  report: t.Object({
    chats: t.Number(),
    messages: t.Number(),
    /** Conversations already imported before, not imported again. */
    duplicates: t.Number(),
    /** What was left out or changed, and why, in plain English: the first 100 entries. */
    skipped: t.Array(
      t.Object({
        title: t.String(),
        /** In English; `code` and `values` word it in the reader's language (decision 150). */
        reason: t.String(),
        code: t.Optional(t.String()),
        values: t.Optional(t.Record(t.String(), t.Union([t.String(), t.Number()]))),
      }),
    ),
    /** How many entries `skipped` would have without its cap. */
    skipped_count: t.Number(),
  }),
  /** Why the whole import failed, in plain English; null unless failed. */
  error: t.Nullable(t.String()),
  /** `error` as a code and values the client words (decision 150); null unless failed (or an older row). */
  error_code: t.Nullable(t.String()),
  error_values: t.Nullable(t.Record(t.String(), t.Union([t.String(), t.Number()]))),
  created_at: t.String(),
  finished_at: t.Nullable(t.String()),
})
export type ImportJson = typeof importJson.static

export const importStartResponse = ok(t.Object({ id: t.String() }))
export const importResponse = ok(importJson)
export const importListResponse = ok(t.Object({ imports: t.Array(importJson) }))
