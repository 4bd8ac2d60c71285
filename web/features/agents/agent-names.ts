import { t } from '../../i18n/i18n'
import type { Agent } from './agents-api'
import '../../i18n/areas/agents'

// Parley's three agents have their names in the user's language; an agent the catalogue does not
// know (added on the server later) shows the server's English.
const KNOWN = ['rag', 'jokes', 'calendar'] as const
type Known = (typeof KNOWN)[number]
const known = (id: string): id is Known => (KNOWN as readonly string[]).includes(id)

/** 'RAG Agent', 'Employee agent', 'Calendar Agent' (spec section 9). */
export function agentName(agent: Pick<Agent, 'id' | 'name'>): string {
  return known(agent.id) ? t(`agents.name.${agent.id}`) : agent.name
}

/** The {Agent} of 'Switched to {Agent} Agent': the name without its trailing 'Agent'. */
export function agentShortName(agent: Pick<Agent, 'id' | 'name'>): string {
  return known(agent.id) ? t(`agents.short.${agent.id}`) : agent.name.replace(/\s+agent$/i, '')
}

export function agentDescription(agent: Pick<Agent, 'id' | 'description'>): string {
  return known(agent.id) ? t(`agents.description.${agent.id}`) : agent.description
}
