import type { Model } from '../../db/schema'
import type { ChatProvider, WorkflowCall } from '../ai/types'
import { workflowReply } from '../ai/workflow-response'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { groupPolicy, requireAgentAllowed } from '../groups/policy'
import { AppError } from '../http/errors'
import { calendarAccess } from './calendar-oauth'
import { type AgentDefinition, agentDefinition, DEFAULT_AGENT_ID } from './catalogue'
import { calendarNotConnectedReply, calendarReconnectReply, noWorkflowReply } from './reply-texts'
import { userAgentSettings } from './user-agents'
import { type OrgAgent, orgAgents } from './workflows'

/** One text for an unknown, withdrawn or disabled agent: one catalogue entry in six languages. */
export const AGENT_UNAVAILABLE =
  'This agent is not available: choose another one, or enable it in Agent Configuration'

/** The jokes agent without a workflow: an instruction to the chosen model. */
export const JOKES_INSTRUCTION =
  "You are the 'Employee agent': a friendly colleague who brings entertainment and humour. Answer " +
  'with light, kind, workplace-appropriate humour; when asked for a joke, tell a short original one.'

/**
 * How one send is answered, decided before anything is stored (docs/decisions/124):
 * - the workflow model: the agent's workflow (its own webhook, else N8N_WEBHOOK_URL);
 * - another model: RAG runs natively (Parley's retrieval), jokes as an instruction to the model;
 * - the calendar agent always goes to its workflow, with a fresh token, whatever the model.
 * No agent id (older clients, the spec's POST /api/chat) is the default agent without the
 * enabled check, and its workflow request carries no agentId, as before.
 */
export interface AgentPlan {
  /** Given to the provider (the workflow request's `agentId`). */
  agentId: string | undefined
  /** Search the knowledge base for context (the RAG agent on a model). */
  knowledge: boolean
  /** Added to the system prompt. */
  instruction: string | null
  /** Replaces the model's provider (a workflow, or a fixed reply). */
  provider: ChatProvider | null
  /** The workflow call, when the model's own provider is the workflow provider. */
  workflow?: WorkflowCall
  /** Answered by a workflow or by Parley itself: the model's prices do not apply. */
  free: boolean
}

export async function planAgentReply(
  ctx: AppContext,
  actor: Actor,
  requested: string | undefined,
  model: Model,
): Promise<AgentPlan> {
  const org = await orgAgents(ctx)
  if (!requested) {
    const rag = org.get(DEFAULT_AGENT_ID)!
    return model.provider === 'workflow'
      ? workflowPlan(rag, agentDefinition(DEFAULT_AGENT_ID)!, undefined, {})
      : { agentId: undefined, knowledge: true, instruction: null, provider: null, free: false }
  }
  const agent = agentDefinition(requested)
  const offered = agent ? org.get(agent.id) : undefined
  if (!agent || !offered?.offered) throw new AppError('bad_request:agent', AGENT_UNAVAILABLE)
  // Issue 29: only an agent chosen by name is narrowed; no agent (the default) is never refused.
  requireAgentAllowed(await groupPolicy(ctx, actor.userId), agent.id)
  const settings = (await userAgentSettings(ctx, actor)).get(agent.id)
  if (!(settings?.enabled ?? agent.enabledByDefault))
    throw new AppError('bad_request:agent', AGENT_UNAVAILABLE)
  if (agent.id === 'calendar') {
    if (!offered.target) return fixedReplyPlan(agent.id, (language) => noWorkflowReply(agent.id, language))
    return {
      agentId: agent.id,
      knowledge: false,
      instruction: null,
      provider: calendarProvider(ctx, actor, offered),
      free: true,
    }
  }
  if (model.provider === 'workflow') return workflowPlan(offered, agent, agent.id, settings?.config ?? {})
  if (agent.id === 'jokes') {
    return {
      agentId: agent.id,
      knowledge: false,
      instruction: JOKES_INSTRUCTION,
      provider: null,
      free: false,
    }
  }
  return { agentId: agent.id, knowledge: true, instruction: null, provider: null, free: false }
}

function workflowPlan(
  org: OrgAgent,
  agent: AgentDefinition,
  agentId: string | undefined,
  config: Record<string, string>,
): AgentPlan {
  if (!org.target) return fixedReplyPlan(agentId, (language) => noWorkflowReply(agent.id, language))
  return {
    agentId,
    knowledge: false,
    instruction: null,
    provider: null,
    workflow: { target: org.target, fields: agentId ? { config } : {} },
    free: true,
  }
}

/** `text`: Parley's own reply, worded in the asker's language (the call's, reply-texts.ts). */
function fixedReplyPlan(agentId: string | undefined, text: (language?: string) => string): AgentPlan {
  return { agentId, knowledge: false, instruction: null, provider: fixedReply(text), free: true }
}

function fixedReply(text: (language?: string) => string): ChatProvider {
  return {
    async *stream(call) {
      yield { type: 'delta', text: text(call.language) }
    },
  }
}

/** The calendar workflow, given a valid token (refreshed first), or a reply saying what is wrong. */
function calendarProvider(ctx: AppContext, actor: Actor, org: OrgAgent): ChatProvider {
  return {
    async *stream(call) {
      const access = await calendarAccess(ctx, actor)
      if (access.kind !== 'ok') {
        yield {
          type: 'delta',
          text:
            access.kind === 'not_connected'
              ? calendarNotConnectedReply(call.language)
              : access.kind === 'reconnect'
                ? calendarReconnectReply(call.language)
                : workflowReply('connection', call.language),
        }
        return
      }
      yield* ctx.providers.workflow.stream({
        ...call,
        agentId: 'calendar',
        workflow: {
          target: org.target!,
          fields: {
            config: access.config,
            calendar: { email: access.email, accessToken: access.accessToken },
          },
        },
      })
    },
  }
}
