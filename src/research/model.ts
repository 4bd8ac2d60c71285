import { t } from 'elysia'
import type { ResearchRun } from '../../db/schema'
import { failureValues } from '../ai/failures'
import { ok } from '../http/model'
import { replyErrorCode, researchNote } from '../messages/model'

/**
 * The contract's ResearchJson. `elapsedMs`: the job passes its live figure; a reader gets the saved
 * time plus, while the run is running, the time since that save.
 */
export function toResearchJson(run: ResearchRun, elapsedMs = liveElapsed(run)) {
  const sources = run.state.sources
  return {
    id: run.id,
    chatId: run.chatId,
    messageId: run.messageId,
    topic: run.topic,
    depth: run.depth,
    sources: run.sources,
    status: run.status,
    step: run.status === 'running' ? run.step : null,
    round: run.round,
    rounds: run.rounds,
    sourcesFound: sources.length,
    sourcesRead: sources.filter((source) => source.read).length,
    notes: run.notes,
    /** The notes as codes, in the same order (docs/decisions/150); absent for a run saved before codes. */
    ...(run.state.noteCodes?.length === run.notes.length ? { noteCodes: run.state.noteCodes } : {}),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    elapsedMs,
    tokens: run.tokens,
    costMicros: run.costMicros,
    error: run.error,
    /** Why the run failed, as a code (docs/decisions/150); absent when it did not or before codes. */
    ...(run.error && run.state.failure
      ? { errorCode: run.state.failure.reason, errorValues: failureValues(run.state.failure) ?? {} }
      : {}),
  }
}

export type ResearchJson = ReturnType<typeof toResearchJson>

function liveElapsed(run: ResearchRun): number {
  if (run.status !== 'running' || !run.savedAt) return run.elapsedMs
  return run.elapsedMs + Math.max(0, Date.now() - run.savedAt.getTime())
}

/** The spec's "Deep research options" (section 3); blanks and depths are checked by the service, with the spec's messages. */
export const startResearchBody = t.Object({
  chatId: t.Optional(t.String({ format: 'uuid', error: 'chatId must be a chat id' })),
  topic: t.Optional(t.String({ error: 'Please enter a research topic' })),
  includeWeb: t.Optional(t.Boolean({ error: 'includeWeb must be true or false' })),
  includeAcademic: t.Optional(t.Boolean({ error: 'includeAcademic must be true or false' })),
  includeNews: t.Optional(t.Boolean({ error: 'includeNews must be true or false' })),
  includeStats: t.Optional(t.Boolean({ error: 'includeStats must be true or false' })),
  depth: t.Optional(t.String({ error: 'Depth must be quick, thorough or comprehensive' })),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const researchSourceChoice = t.Object({
  web: t.Boolean(),
  academic: t.Boolean(),
  news: t.Boolean(),
  stats: t.Boolean(),
})

export const researchJson = t.Object({
  errorCode: t.Optional(replyErrorCode),
  errorValues: t.Optional(t.Record(t.String(), t.Union([t.String(), t.Number()]))),
  startedAt: t.Nullable(t.String()),
  finishedAt: t.Nullable(t.String()),
  elapsedMs: t.Number(),
  tokens: t.Number(),
  costMicros: t.Number(),
  error: t.Nullable(t.String()),
  noteCodes: t.Optional(t.Array(researchNote)),
  id: t.String(),
  chatId: t.String(),
  messageId: t.String(),
  topic: t.String(),
  depth: t.Union([t.Literal('quick'), t.Literal('thorough'), t.Literal('comprehensive')]),
  sources: researchSourceChoice,
  status: t.Union([
    t.Literal('failed'),
    t.Literal('cancelled'),
    t.Literal('queued'),
    t.Literal('running'),
    t.Literal('completed'),
  ]),
  step: t.Nullable(
    t.Union([
      t.Literal('planning'),
      t.Literal('searching'),
      t.Literal('reading'),
      t.Literal('reflecting'),
      t.Literal('writing'),
    ]),
  ),
  round: t.Number(),
  rounds: t.Number(),
  sourcesFound: t.Number(),
  sourcesRead: t.Number(),
  notes: t.Array(t.String()),
})

export const sourceAvailability = t.Object({
  available: t.Boolean(),
  reason: t.Nullable(t.Union([t.Literal('no_search_backend'), t.Literal('no_academic_backend')])),
})

export const researchPostResponse = ok(
  t.Object({ id: t.String(), messageId: t.String(), chatId: t.String() }),
)

export const researchSourcesGetResponse = ok(
  t.Object({
    web: sourceAvailability,
    academic: sourceAvailability,
    news: sourceAvailability,
    stats: sourceAvailability,
  }),
)

export const researchResponse = ok(researchJson)
