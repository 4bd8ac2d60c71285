import type { AgentId } from '../../db/catalogues/agents'

/**
 * The agents of spec section 9: a fixed list (ids, names, purposes, defaults). What an
 * organisation offers and where each runs is an administrator's setting (agent_workflows); what
 * each person enabled, hid and configured is theirs (user_agent_settings).
 */

export interface AgentConfigField {
  key: string
  type: 'text' | 'email'
  required: boolean
}

/** A field as the catalogue holds it: what the client sees, plus how the server checks the value. */
export interface AgentConfigFieldRule extends AgentConfigField {
  /** The value must look like an e-mail address (the spec types calendar_email as text). */
  format?: 'email'
}

export interface AgentDefinition {
  id: AgentId
  name: string
  description: string
  enabledByDefault: boolean
  configFields: AgentConfigFieldRule[]
  /** Needs its workflow whatever the model (no native way to do it). */
  workflowOnly: boolean
}

export const AGENTS: readonly AgentDefinition[] = [
  {
    id: 'rag',
    name: 'RAG Agent',
    description: 'document retrieval & knowledge base',
    enabledByDefault: true,
    configFields: [],
    workflowOnly: false,
  },
  {
    id: 'jokes',
    name: 'Employee agent',
    description: 'entertainment & humor',
    enabledByDefault: false,
    configFields: [],
    workflowOnly: false,
  },
  {
    id: 'calendar',
    name: 'Calendar Agent',
    description: 'calendar service integration',
    enabledByDefault: false,
    configFields: [{ key: 'calendar_email', type: 'text', required: true, format: 'email' }],
    workflowOnly: true,
  },
]

export const DEFAULT_AGENT_ID: AgentId = 'rag'

export function agentDefinition(id: string): AgentDefinition | undefined {
  return AGENTS.find((agent) => agent.id === id)
}
