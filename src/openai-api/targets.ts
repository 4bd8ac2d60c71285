import type { Model } from '../../db/schema'
import { type AgentPlan, planAgentReply } from '../agents/routing'
import { providerFor } from '../ai/providers'
import type { ChatProvider } from '../ai/types'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { allowsModel, groupPolicy } from '../groups/policy'
import { AppError } from '../http/errors'
import { getPreferredModel, listActiveModels } from '../models/service'
import { modelNotFound, OpenAiError } from './errors'

/** Agents are named `agent:<id>` in /v1/models and in a request's `model`. */
export const AGENT_MODEL_PREFIX = 'agent:'

export interface Target {
  model: Model
  provider: ChatProvider
  /** The agent's plan (instruction, knowledge, workflow); for a plain model, none. */
  plan: AgentPlan | null
}

const noProvider = () =>
  new OpenAiError(
    503,
    'No AI provider is configured for this model right now',
    'server_error',
    'model_unavailable',
  )

/**
 * The model a request names, checked as a send checks it: a model that is not usable is 404
 * `model_not_found` (as OpenAI answers an unknown one), one the person's groups do not allow 403.
 * `agent:<id>` is the agent (src/agents/routing.ts: offered, allowed, enabled for the person) on the
 * person's preferred model; an unknown or disabled agent is 404 too.
 */
export async function resolveTarget(ctx: AppContext, actor: Actor, requested: string): Promise<Target> {
  if (requested.startsWith(AGENT_MODEL_PREFIX)) return agentTarget(ctx, actor, requested)
  const [usable, policy] = await Promise.all([listActiveModels(ctx), groupPolicy(ctx, actor.userId)])
  const model = usable.find((candidate) => candidate.id === requested)
  if (!model) throw modelNotFound(requested)
  if (!allowsModel(policy, model.id))
    throw new OpenAiError(
      403,
      'Your groups do not allow this model',
      'permission_error',
      'model_not_allowed',
      'model',
    )
  const provider = providerFor(ctx.providers, model)
  if (!provider) throw noProvider()
  // The workflow model answers through the default agent's workflow, as in a chat.
  const plan = model.provider === 'workflow' ? await planAgentReply(ctx, actor, undefined, model) : null
  return { model, provider: plan?.provider ?? provider, plan }
}

async function agentTarget(ctx: AppContext, actor: Actor, requested: string): Promise<Target> {
  const model = await getPreferredModel(ctx, actor)
  if (!model) throw noProvider()
  let plan: AgentPlan
  try {
    plan = await planAgentReply(ctx, actor, requested.slice(AGENT_MODEL_PREFIX.length), model)
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request:agent') throw modelNotFound(requested)
    if (error instanceof AppError && error.code === 'forbidden:agent_not_allowed')
      throw new OpenAiError(403, error.message, 'permission_error', 'model_not_allowed', 'model')
    throw error
  }
  const provider = plan.provider ?? providerFor(ctx.providers, model)
  if (!provider) throw noProvider()
  return { model, provider, plan }
}
