import { t } from 'elysia'
import type { AgentId } from '../../../db/catalogues/agents'
import { agentId } from '../../agents/model'
import { ok } from '../../http/model'

/** One agent as an administrator sets it up: offered or not, and the workflow it runs through. */
export interface AdminAgentJson {
  id: AgentId
  name: string
  offered: boolean
  webhookUrl: string | null
  /** The shared secret is write-only: only whether one is saved comes back. */
  secretSaved: boolean
  timeoutSeconds: number | null
  usesDefaults: boolean
}

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const adminAgentJson = t.Object({
  id: agentId,
  name: t.String(),
  offered: t.Boolean(),
  webhookUrl: t.Nullable(t.String()),
  secretSaved: t.Boolean(),
  timeoutSeconds: t.Nullable(t.Number()),
  usesDefaults: t.Boolean(),
})

export const adminAgentListResponse = ok(t.Object({ items: t.Array(adminAgentJson) }))

export const adminAgentResponse = ok(adminAgentJson)
