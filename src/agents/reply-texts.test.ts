import { describe, expect, test } from 'bun:test'
import { workflowReply } from '../ai/workflow-response'
import { calendarNotConnectedReply, calendarReconnectReply, noWorkflowReply } from './reply-texts'

/* Parley's own replies in an agent's place, in the asker's language (decision 150). */

const LANGUAGES = ['es', 'fr', 'de', 'it', 'pt'] as const

describe('agent and workflow replies per language', () => {
  test('English is what Parley wrote before; an unknown or missing language gets it', () => {
    expect(calendarNotConnectedReply()).toBe(
      "Your calendar is not connected yet. Open the Calendar Agent's configuration, choose 'Connect calendar', then ask again.",
    )
    expect(calendarReconnectReply('xx')).toBe(calendarReconnectReply('en'))
    expect(noWorkflowReply('jokes')).toBe(
      'The Employee agent needs a workflow, and none is configured. Please ask an administrator to set one up.',
    )
    expect(workflowReply('connection', 'xx')).toBe(
      "I'm sorry, I'm having trouble connecting to my AI service right now. Please try again in a moment.",
    )
  })

  test('every other language has its own words, the agent and the button named as its screens name them', () => {
    for (const language of LANGUAGES) {
      for (const [reply, english] of [
        [calendarNotConnectedReply(language), calendarNotConnectedReply()],
        [calendarReconnectReply(language), calendarReconnectReply()],
        [noWorkflowReply('rag', language), noWorkflowReply('rag')],
        [workflowReply('empty', language), workflowReply('empty')],
        [workflowReply('error', language), workflowReply('error')],
        [workflowReply('connection', language), workflowReply('connection')],
      ] as const) {
        expect(reply, language).not.toBe(english)
        expect(reply, language).not.toContain('{')
      }
    }
    expect(calendarNotConnectedReply('de')).toContain('„Kalender verbinden“')
    expect(calendarNotConnectedReply('fr')).toContain('Agent Calendrier')
    expect(noWorkflowReply('jokes', 'pt')).toStartWith('O Agente dos funcionários precisa')
    expect(noWorkflowReply('calendar', 'it')).toStartWith('L’Agente Calendario ha bisogno')
  })
})
