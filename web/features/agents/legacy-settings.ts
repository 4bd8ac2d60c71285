import type { AgentSettingsChange, CalendarOAuthChange } from './agents-api'

// Reading the spec's local keys, apart from sending them (legacy-import.ts): no API client here,
// so it runs under `bun test` without a browser.

/** Where the spec kept agent settings in the browser (section 3); now they live on the server. */
export const LEGACY_KEYS = ['agent_visibility', 'agent_config', 'calendar_agent_config'] as const

export interface LegacySettings {
  settings: [id: string, change: AgentSettingsChange][]
  calendar: CalendarOAuthChange | null
  /** The legacy keys this browser still has. */
  found: string[]
}

type Storage = Pick<globalThis.Storage, 'getItem'>

function parse(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key)
    return text === null ? undefined : JSON.parse(text)
  } catch {
    return null // unreadable: nothing to import, but the key still goes
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What the legacy keys say, as changes for the agents the server knows: agent_visibility
 * `{id: boolean}`, agent_config `{id: {enabled, config}}`, calendar_agent_config
 * `{redirectUrl, clientId, clientSecret}` (imported only when both id and secret are there).
 * Values of the wrong type are left out rather than sent.
 */
export function readLegacySettings(storage: Storage, knownIds: readonly string[]): LegacySettings {
  const found = LEGACY_KEYS.filter((key) => storage.getItem(key) !== null)
  const changes = new Map<string, AgentSettingsChange>()
  const change = (id: string) => {
    const existing = changes.get(id) ?? {}
    changes.set(id, existing)
    return existing
  }
  const visibility = parse(storage, 'agent_visibility')
  if (isRecord(visibility)) {
    for (const [id, visible] of Object.entries(visibility)) {
      if (knownIds.includes(id) && typeof visible === 'boolean') change(id).visible = visible
    }
  }
  const config = parse(storage, 'agent_config')
  if (isRecord(config)) {
    for (const [id, entry] of Object.entries(config)) {
      if (!knownIds.includes(id) || !isRecord(entry)) continue
      if (typeof entry.enabled === 'boolean') change(id).enabled = entry.enabled
      if (isRecord(entry.config)) {
        const values = Object.entries(entry.config).filter(
          (pair): pair is [string, string] => typeof pair[1] === 'string',
        )
        if (values.length > 0) change(id).config = Object.fromEntries(values)
      }
    }
  }
  const calendarValue = parse(storage, 'calendar_agent_config')
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const calendar =
    isRecord(calendarValue) &&
    knownIds.includes('calendar') &&
    text(calendarValue.clientId) &&
    text(calendarValue.clientSecret)
      ? {
          redirectUrl: text(calendarValue.redirectUrl),
          clientId: text(calendarValue.clientId),
          clientSecret: text(calendarValue.clientSecret),
        }
      : null
  return {
    settings: [...changes].filter(([, value]) => Object.keys(value).length > 0),
    calendar,
    found,
  }
}
