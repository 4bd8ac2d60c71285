import type { PromptCategory } from '../../db/catalogues/prompts'
import { estimatePromptTokens, estimateTokens } from '../ai/prompt'
import { providerFor } from '../ai/providers'
import type { ChatTurn } from '../ai/types'
import type { Actor } from '../auth/actor'
import { costMicros } from '../budget/money'
import { recordUsage, reserveBudget } from '../budget/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { resolveModelForSend } from '../models/service'

export const GENERATE_FAILED = 'Failed to generate prompt'
const MAX_DRAFT_TOKENS = 1024

const INSTRUCTION =
  'You write reusable prompts for an AI assistant. Given a title and a description, write one clear, ' +
  'specific prompt a person can paste into a chat. Give the assistant a role, the task, the context it ' +
  'needs and the form of the answer. Put each part that changes from one use to the next in braces, ' +
  'upper-case, like {TOPIC} or {AUDIENCE}. Answer with the prompt text only, no preamble and no quotes.'

/**
 * 'Generate with AI' (decision 118): drafts a prompt text from the title and description with the
 * chosen model (else the user's preferred one), through the same provider, budget and usage
 * records as a chat reply. The offline demo model drafts from a fixed outline instead, so the
 * button works on a fresh install too.
 */
export async function generatePromptText(
  ctx: AppContext,
  actor: Actor,
  input: { title: string; description?: string | null; category?: PromptCategory; model_id?: string | null },
): Promise<{ prompt_text: string; model_id: string }> {
  const title = input.title.trim()
  if (!title) throw new AppError('bad_request:prompt_title', 'Prompt title cannot be empty')
  const description = input.description?.trim() ?? ''
  const model = await resolveModelForSend(ctx, { actor, preferredModelId: null }, input.model_id ?? undefined)
  if (model.provider === 'demo') return { prompt_text: demoDraft(title, description), model_id: model.id }
  const provider = providerFor(ctx.providers, model)
  if (!provider) throw new AppError('unavailable:model', 'No AI model is available right now')

  const turns: ChatTurn[] = [
    { role: 'system', content: INSTRUCTION },
    {
      role: 'user',
      content: `Title: ${title}\nCategory: ${input.category ?? 'general'}${description ? `\nDescription: ${description}` : ''}`,
    },
  ]
  const price = {
    inputMicrosPerMillion: model.inputPriceMicrosPerMillion,
    outputMicrosPerMillion: model.outputPriceMicrosPerMillion,
  }
  const reservation = await reserveBudget(
    ctx,
    actor,
    costMicros(
      { promptTokens: estimatePromptTokens(turns), completionTokens: MAX_DRAFT_TOKENS },
      price,
      'up',
    ),
  )
  let text = ''
  let reported: { promptTokens: number; completionTokens: number } | undefined
  try {
    for await (const event of provider.stream({
      model,
      messages: turns,
      settings: {
        temperature: 0.7,
        maxTokens: MAX_DRAFT_TOKENS,
        topP: 1,
        frequencyPenalty: 0,
        presencePenalty: 0,
        responseFormat: 'text',
      },
      chatId: 'prompt-draft',
      signal: AbortSignal.timeout(ctx.config.ai.requestTimeoutMs),
    })) {
      if (event.type === 'delta') text += event.text
      else if (event.type === 'usage')
        reported = { promptTokens: event.promptTokens, completionTokens: event.completionTokens }
    }
  } catch (error) {
    await reservation.release()
    throw new AppError('unavailable:prompt_generate', GENERATE_FAILED, { cause: error })
  }
  const tokens = reported ?? {
    promptTokens: estimatePromptTokens(turns),
    completionTokens: estimateTokens(text),
  }
  await recordUsage(
    ctx,
    actor,
    {
      chatId: null,
      messageId: null,
      modelId: model.id,
      ...tokens,
      costMicros: costMicros(tokens, price),
      estimated: !reported,
    },
    reservation,
  )
  const draft = text.trim()
  if (!draft) throw new AppError('unavailable:prompt_generate', GENERATE_FAILED)
  return { prompt_text: draft, model_id: model.id }
}

/** The demo model's draft: the usual outline of a good prompt, filled with the title and description. */
export function demoDraft(title: string, description: string): string {
  return [
    `You are an expert assistant. Task: ${title}.`,
    description ? `Context: ${description}` : 'Context: {CONTEXT}',
    'Input: {INPUT}',
    'Answer in a clear structure, for {AUDIENCE}, and say what you assumed.',
  ].join('\n')
}
