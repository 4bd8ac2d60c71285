import { t } from 'elysia'
import { ok } from '../http/model'

/** An export of all the person's data as its owner sees it (docs/decisions/175-account-export.md). */
export const exportJson = t.Object({
  id: t.String(),
  /** `expired`: the 7 days are over and the zip is deleted. */
  status: t.Union([t.Literal('running'), t.Literal('ready'), t.Literal('failed'), t.Literal('expired')]),
  /** The zip's size in bytes once ready. */
  size: t.Nullable(t.Number()),
  created_at: t.String(),
  ready_at: t.Nullable(t.String()),
  /** When the zip is deleted (7 days after it was ready). */
  expires_at: t.Nullable(t.String()),
  /** Why it failed, in plain English; null unless failed. */
  error: t.Nullable(t.String()),
})
export type ExportJson = typeof exportJson.static

export const exportStartResponse = ok(t.Object({ id: t.String() }))
export const exportResponse = ok(exportJson)
export const exportListResponse = ok(t.Object({ exports: t.Array(exportJson) }))
