import { t } from 'elysia'
import type { AgentId } from '../../db/catalogues/agents'
import { ok } from '../http/model'
import type { AgentConfigField } from './catalogue'

/** The calendar agent's OAuth client and connection, as its owner sees them (never a secret or a token). */
export interface CalendarJson {
  redirectUrl: string
  clientId: string
  clientSecretSaved: boolean
  connected: boolean
  email: string | null
  needsReconnect: boolean
  /** The callback URL Parley expects the provider to send the browser back to. */
  defaultRedirectUrl: string
}

export interface AgentJson {
  id: AgentId
  name: string
  description: string
  enabled: boolean
  visible: boolean
  hasConfig: boolean
  requiresConfig: boolean
  /** Every required configuration field has a value. */
  configured: boolean
  configFields: AgentConfigField[]
  config: Record<string, string>
  /**
   * 'workflow': a send with the workflow model goes to its workflow (the calendar agent's always
   * does); 'native': no workflow is configured for it, Parley answers itself (RAG: its own
   * retrieval; jokes: an instruction to the chosen model).
   */
  runsOn: 'workflow' | 'native'
  /** False when the agent needs a workflow and none is configured (the calendar agent then says so). */
  workflowConfigured: boolean
  calendar?: CalendarJson
}

export const settingsBody = t.Object({
  enabled: t.Optional(t.Boolean({ error: 'enabled must be true or false' })),
  visible: t.Optional(t.Boolean({ error: 'visible must be true or false' })),
  config: t.Optional(
    t.Record(t.String({ maxLength: 100 }), t.Unknown(), { error: 'config must be an object of settings' }),
  ),
})

export const oauthBody = t.Object({
  redirectUrl: t.String({ maxLength: 2000, error: 'The OAuth Redirect URL must be text' }),
  clientId: t.String({ maxLength: 500, error: 'Client ID is required' }),
  clientSecret: t.String({ maxLength: 2000, error: 'Client Secret must be text' }),
})

export const adminAgentBody = t.Object({
  offered: t.Optional(t.Boolean({ error: 'offered must be true or false' })),
  /** null or '' returns it to N8N_WEBHOOK_URL. */
  webhookUrl: t.Optional(
    t.Union([t.String({ maxLength: 2000 }), t.Null()], { error: 'webhookUrl must be a URL' }),
  ),
  /** null or '' returns it to WORKFLOW_SIGNING_SECRET; absent keeps the saved one. */
  secret: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()], { error: 'secret must be text' })),
  timeoutSeconds: t.Optional(
    t.Union([t.Integer({ minimum: 1, maximum: 3600 }), t.Null()], {
      error: 'timeoutSeconds must be a whole number of seconds between 1 and 3600',
    }),
  ),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const agentId = t.Union([t.Literal('rag'), t.Literal('jokes'), t.Literal('calendar')])

export const agentConfigField = t.Object({
  key: t.String(),
  type: t.Union([t.Literal('email'), t.Literal('text')]),
  required: t.Boolean(),
})

export const calendarJson = t.Object({
  redirectUrl: t.String(),
  clientId: t.String(),
  clientSecretSaved: t.Boolean(),
  connected: t.Boolean(),
  email: t.Nullable(t.String()),
  needsReconnect: t.Boolean(),
  defaultRedirectUrl: t.String(),
})

export const agentJson = t.Object({
  id: agentId,
  name: t.String(),
  description: t.String(),
  enabled: t.Boolean(),
  visible: t.Boolean(),
  hasConfig: t.Boolean(),
  requiresConfig: t.Boolean(),
  configured: t.Boolean(),
  configFields: t.Array(agentConfigField),
  config: t.Record(t.String(), t.String()),
  runsOn: t.Union([t.Literal('workflow'), t.Literal('native')]),
  workflowConfigured: t.Boolean(),
  calendar: t.Optional(calendarJson),
})

export const agentListResponse = ok(t.Object({ items: t.Array(agentJson) }))

export const agentResponse = ok(agentJson)

export const calendarConnectPostResponse = ok(t.Object({ authorizeUrl: t.String() }))
