import type { AgentId } from '../../db/catalogues/agents'
import type { UserAgentSetting } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { sealSecret } from '../crypto/secret-box'
import { allowsAgent, groupPolicy } from '../groups/policy'
import { AppError } from '../http/errors'
import { isHttpUrl } from '../net/http-url'
import { agentSettingsFor } from './agents-data'
import { AGENTS, type AgentDefinition, agentDefinition } from './catalogue'
import type { AgentJson } from './model'
import { type OrgAgent, orgAgents } from './workflows'

export const CALENDAR_CALLBACK_PATH = '/api/agents/calendar/callback'

export function defaultRedirectUrl(ctx: Pick<AppContext, 'config'>) {
  return `${ctx.config.appUrl}${CALENDAR_CALLBACK_PATH}`
}

export function agentJson(
  ctx: Pick<AppContext, 'config'>,
  agent: AgentDefinition,
  org: OrgAgent,
  row: UserAgentSetting | undefined,
): AgentJson {
  const config = row?.config ?? {}
  const json: AgentJson = {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    enabled: row?.enabled ?? agent.enabledByDefault,
    visible: row?.visible ?? true,
    hasConfig: agent.configFields.length > 0,
    requiresConfig: agent.configFields.some((field) => field.required),
    configured: agent.configFields.every((field) => !field.required || Boolean(config[field.key]?.trim())),
    configFields: agent.configFields.map(({ key, type, required }) => ({ key, type, required })),
    config,
    runsOn: agent.workflowOnly || org.target ? 'workflow' : 'native',
    workflowConfigured: org.target !== null,
  }
  if (agent.id === 'calendar') {
    json.calendar = {
      redirectUrl: row?.oauthRedirectUrl ?? '',
      clientId: row?.oauthClientId ?? '',
      clientSecretSaved: Boolean(row?.oauthClientSecretSealed),
      connected: Boolean(row?.accessTokenSealed || row?.refreshTokenSealed),
      email: row?.calendarEmail ?? null,
      needsReconnect: row?.needsReconnect ?? false,
      defaultRedirectUrl: defaultRedirectUrl(ctx),
    }
  }
  return json
}

/** The agents the organisation offers and the actor's groups allow (issue 29), in the fixed order, with the actor's settings. */
export async function listAgents(ctx: AppContext, actor: Actor): Promise<{ items: AgentJson[] }> {
  const [org, rows, policy] = await Promise.all([
    orgAgents(ctx),
    agentSettingsFor(ctx.db, actor).list(),
    groupPolicy(ctx, actor.userId),
  ])
  const byId = new Map(rows.map((row) => [row.agentId, row]))
  return {
    items: AGENTS.filter((agent) => org.get(agent.id)!.offered && allowsAgent(policy, agent.id)).map(
      (agent) => agentJson(ctx, agent, org.get(agent.id)!, byId.get(agent.id)),
    ),
  }
}

/** An agent the organisation offers, or 404 (an unknown id and a withdrawn agent look alike). */
export async function requireOfferedAgent(ctx: AppContext, id: string) {
  const agent = agentDefinition(id)
  const org = agent ? (await orgAgents(ctx)).get(agent.id) : undefined
  if (!agent || !org?.offered) throw new AppError('not_found:agent', 'Agent not found')
  return { agent, org }
}

export async function agentOf(ctx: AppContext, actor: Actor, id: AgentId): Promise<AgentJson> {
  const { agent, org } = await requireOfferedAgent(ctx, id)
  return agentJson(ctx, agent, org, await agentSettingsFor(ctx.db, actor).get(id))
}

const MAX_CONFIG_VALUE = 320
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function validConfig(agent: AgentDefinition, config: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(config)) {
    const field = agent.configFields.find((candidate) => candidate.key === key)
    if (!field) {
      throw new AppError('bad_request:agent_config', `The ${agent.name} has no setting '${key}'`)
    }
    if (typeof value !== 'string' || value.length > MAX_CONFIG_VALUE) {
      throw new AppError(
        'bad_request:agent_config',
        `'${key}' must be text of at most ${MAX_CONFIG_VALUE} characters`,
      )
    }
    const trimmed = value.trim()
    if (trimmed && (field.type === 'email' || field.format === 'email') && !EMAIL.test(trimmed)) {
      throw new AppError('bad_request:agent_config', `'${key}' must be an e-mail address`)
    }
    out[key] = trimmed
  }
  return out
}

export interface SettingsInput {
  enabled?: boolean
  visible?: boolean
  config?: Record<string, unknown>
}

/** Saves the actor's enabled/visible/configuration for one agent (an impersonating admin writes for the target). */
export async function updateAgentSettings(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: SettingsInput,
): Promise<AgentJson> {
  const { agent, org } = await requireOfferedAgent(ctx, id)
  const data = agentSettingsFor(ctx.db, actor)
  const values: Parameters<typeof data.save>[1] = {}
  if (input.enabled !== undefined) values.enabled = input.enabled
  if (input.visible !== undefined) values.visible = input.visible
  if (input.config !== undefined) {
    const before = (await data.get(agent.id))?.config ?? {}
    values.config = { ...before, ...validConfig(agent, input.config) }
  }
  const row = await data.save(agent.id, values, ctx.now())
  changed(ctx, actor)
  return agentJson(ctx, agent, org, row)
}

export interface OauthInput {
  redirectUrl: string
  clientId: string
  clientSecret: string
}

/** The calendar agent's OAuth client: the secret is sealed with APP_SECRET; empty keeps the saved one. */
export async function saveCalendarOauth(
  ctx: AppContext,
  actor: Actor,
  input: OauthInput,
): Promise<AgentJson> {
  const { agent, org } = await requireOfferedAgent(ctx, 'calendar')
  const redirectUrl = input.redirectUrl.trim()
  if (redirectUrl && !isHttpUrl(redirectUrl)) {
    throw new AppError('bad_request:calendar_oauth', 'The OAuth Redirect URL must be an http(s) URL')
  }
  const clientId = input.clientId.trim()
  if (!clientId) throw new AppError('bad_request:calendar_oauth', 'Client ID is required')
  const data = agentSettingsFor(ctx.db, actor)
  const before = await data.get('calendar')
  const secret = input.clientSecret.trim()
  if (!secret && !before?.oauthClientSecretSealed) {
    throw new AppError('bad_request:calendar_oauth', 'Client Secret is required')
  }
  const row = await data.save(
    'calendar',
    {
      oauthRedirectUrl: redirectUrl || null,
      oauthClientId: clientId,
      ...(secret ? { oauthClientSecretSealed: sealSecret(ctx.config.appSecret, secret) } : {}),
    },
    ctx.now(),
  )
  changed(ctx, actor)
  return agentJson(ctx, agent, org, row)
}

/** Other tabs and browsers of the user refetch; this instance's send cache forgets the user. */
export function changed(ctx: AppContext, actor: Actor) {
  ctx.userAgents.forget(actor.userId)
  ctx.realtime.toUser(actor.userId, 'agents:changed', {})
}
