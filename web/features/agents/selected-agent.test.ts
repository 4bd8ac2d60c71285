import { describe, expect, test } from 'bun:test'
import type { Agent } from './agents-api'
import { pickAgent, selectableAgents } from './selected-agent'

const agent = (id: Agent['id'], enabled = true, visible = true): Agent => ({
  id,
  name: id,
  description: '',
  enabled,
  visible,
  hasConfig: id === 'calendar',
  requiresConfig: id === 'calendar',
  configured: false,
  configFields: [],
  config: {},
  runsOn: 'workflow',
  workflowConfigured: true,
})

describe('pickAgent (spec section 4, agent selection and visibility)', () => {
  test("'rag' is chosen when nothing was chosen yet", () => {
    expect(pickAgent([agent('rag'), agent('jokes')], null)?.id).toBe('rag')
  })
  test('the chosen agent while it is visible and enabled', () => {
    expect(pickAgent([agent('rag'), agent('jokes')], 'jokes')?.id).toBe('jokes')
  })
  test('a hidden chosen agent is replaced by the first visible one', () => {
    expect(pickAgent([agent('rag', true, false), agent('jokes'), agent('calendar')], 'rag')?.id).toBe('jokes')
  })
  test('a disabled chosen agent is replaced too', () => {
    expect(pickAgent([agent('rag'), agent('jokes', false)], 'jokes')?.id).toBe('rag')
  })
  test('an agent the organisation stopped offering is replaced', () => {
    expect(pickAgent([agent('rag')], 'calendar')?.id).toBe('rag')
  })
  test('none when no agent is visible', () => {
    expect(pickAgent([agent('rag', true, false), agent('jokes', false)], 'rag')).toBeNull()
    expect(selectableAgents([agent('rag', true, false)])).toEqual([])
  })
})
