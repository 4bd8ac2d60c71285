import type { AgentId } from '../../db/catalogues/agents'
import type { WorkflowTarget } from '../ai/types'

/** An agent as the organisation offers it. */
export interface OrgAgent {
  id: AgentId
  offered: boolean
  /** The administrator's own webhook for it, or null (N8N_WEBHOOK_URL applies). */
  webhookUrl: string | null
  secretSaved: boolean
  timeoutSeconds: number | null
  /** True when nothing is set for it: N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET, 120 s. */
  usesDefaults: boolean
  /** Its effective workflow, or null when neither the agent nor N8N_WEBHOOK_URL has one. */
  target: WorkflowTarget | null
}
