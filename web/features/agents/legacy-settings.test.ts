import { describe, expect, test } from 'bun:test'
import { readLegacySettings } from './legacy-settings'

function storage(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null }
}
const ids = ['rag', 'jokes', 'calendar']

describe('readLegacySettings (the spec keys agent_visibility, agent_config, calendar_agent_config)', () => {
  test('nothing to import in a browser without the keys', () => {
    expect(readLegacySettings(storage({}), ids)).toEqual({ settings: [], calendar: null, found: [] })
  })

  test('visibility and configuration merge per agent', () => {
    const legacy = readLegacySettings(
      storage({
        agent_visibility: JSON.stringify({ rag: false, jokes: true }),
        agent_config: JSON.stringify({
          calendar: { enabled: true, config: { calendar_email: 'me@example.com' } },
          jokes: { enabled: true, config: {} },
        }),
      }),
      ids,
    )
    expect(Object.fromEntries(legacy.settings)).toEqual({
      rag: { visible: false },
      jokes: { visible: true, enabled: true },
      calendar: { enabled: true, config: { calendar_email: 'me@example.com' } },
    })
    expect(legacy.found).toEqual(['agent_visibility', 'agent_config'])
  })

  test('the calendar client is imported only with both id and secret', () => {
    const full = readLegacySettings(
      storage({
        calendar_agent_config: JSON.stringify({
          redirectUrl: 'https://x/cb',
          clientId: ' id ',
          clientSecret: 's',
        }),
      }),
      ids,
    )
    expect(full.calendar).toEqual({ redirectUrl: 'https://x/cb', clientId: 'id', clientSecret: 's' })
    const partial = readLegacySettings(
      storage({ calendar_agent_config: JSON.stringify({ clientId: 'id', clientSecret: '' }) }),
      ids,
    )
    expect(partial.calendar).toBeNull()
    expect(partial.found).toEqual(['calendar_agent_config'])
  })

  test('unknown agents, wrong types and unreadable JSON are left out, the keys still found', () => {
    const legacy = readLegacySettings(
      storage({
        agent_visibility: JSON.stringify({ rag: 'no', weather: false }),
        agent_config: '{not json',
        calendar_agent_config: JSON.stringify([1, 2]),
      }),
      ids,
    )
    expect(legacy.settings).toEqual([])
    expect(legacy.calendar).toBeNull()
    expect(legacy.found).toEqual(['agent_visibility', 'agent_config', 'calendar_agent_config'])
  })
})
