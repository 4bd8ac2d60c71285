/**
 * The agents' ids (spec section 9), the CHECK of the agent tables; their names, purposes and
 * defaults are the feature's (src/agents/catalogue.ts).
 */
export const AGENT_IDS = ['rag', 'jokes', 'calendar'] as const
export type AgentId = (typeof AGENT_IDS)[number]
