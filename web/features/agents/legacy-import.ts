import type { QueryClient } from '@tanstack/react-query'
import { errorCode } from '../../lib/api-error'
import { type Agent, agentsQuery, saveAgentSettings } from './agents-api'
import { readLegacySettings } from './legacy-settings'

let started = false

/**
 * One-time import (decision 125): a browser that still holds the spec's local keys sends them to
 * the server once, then forgets them (never while acting as someone else). A key stays only when
 * the server could not be reached, so the next visit tries again; a refusal (bad value) is not
 * retried forever.
 */
export async function importLegacySettings(
  queryClient: QueryClient,
  agents: readonly Agent[],
  /** True while an administrator acts as this person: the browser's keys are the administrator's. */
  actingAsSomeone: () => Promise<boolean>,
) {
  if (started) return
  started = true
  let storage: globalThis.Storage
  try {
    storage = window.localStorage
  } catch {
    return
  }
  const legacy = readLegacySettings(
    storage,
    agents.map((agent) => agent.id),
  )
  if (legacy.found.length === 0) return
  if (await actingAsSomeone()) return
  let unreachable = false
  const attempt = async (run: () => Promise<unknown>) => {
    try {
      await run()
    } catch (error) {
      if (errorCode(error) === null) unreachable = true
    }
  }
  for (const [id, change] of legacy.settings) await attempt(() => saveAgentSettings(id, change))
  const calendar = legacy.calendar
  if (calendar) {
    const { saveCalendarOAuth } = await import('./calendar-api')
    await attempt(() => saveCalendarOAuth(calendar))
  }
  if (unreachable) {
    started = false
    return
  }
  for (const key of legacy.found) storage.removeItem(key)
  await queryClient.invalidateQueries({ queryKey: agentsQuery.queryKey })
}
