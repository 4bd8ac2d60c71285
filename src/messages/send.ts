import type { Chat, Message, MessageNote, Model } from '../../db/schema'
import { type AgentPlan, planAgentReply } from '../agents/routing'
import { buildPrompt, estimatePromptTokens } from '../ai/prompt'
import { providerFor } from '../ai/providers'
import type { ChatTurn } from '../ai/types'
import { bindAttachments, requireUnsentAttachments, withAttachmentMarker } from '../attachments/service'
import type { Actor } from '../auth/actor'
import { costMicros } from '../budget/money'
import { reserveBudget } from '../budget/service'
import { computeChatTitle, DEFAULT_CHAT_TITLE } from '../chats/auto-title'
import { type ChatConfigJson, requireChatWithConfig, toGenerationSettings } from '../chats/config-service'
import { applyAutoTitle, requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { imageOfMessage, regenerateImageAnswer } from '../images/service'
import { resolveModelForSend } from '../models/service'
import { regenerateResearch } from '../research/service'
import { INTERRUPTED_FAILURE } from './interrupted-replies'
import { type LiveReply, replyIsFreshSince } from './live-replies'
import { messagesFor } from './messages-data'
import { toMessageJson } from './model'
import { toModelTurns } from './model-turns'
import { listenForStops, type StopResult, stopRemoteReply } from './remote-stop'
import { runReply } from './run-reply'
import { type ConversationTurn, loadHistory } from './service'

export const MAX_MESSAGE_CHARS = 100_000
export const REPLY_IN_PROGRESS = 'A reply is already in progress for this chat'

/** Who sends: the actor, and the effective user's preferred model (the session already loaded it). */
export interface Sender {
  actor: Actor
  preferredModelId: string | null
  preferredLanguage?: string
}

export interface SendInput {
  content: string
  modelId?: string
  agentId?: string
  /** Un-sent uploads of the user to attach (spec section 4, 'Sending a message' steps 3-4). */
  attachmentIds?: readonly string[]
}

/**
 * Stores the user's message and an empty assistant message (status 'streaming'), binds the
 * attachments to the user's message, then starts the reply in the background. Refused before
 * anything is stored when the text is blank and there are no files (400), the text is too long or
 * there are too many files (413), the chat or a file is not the user's (404), a file was already
 * sent (409), a reply is already running in the chat (409) or the budget is exhausted (429, before
 * the provider is called).
 */
export async function sendMessage(ctx: AppContext, user: Sender, chatId: string, input: SendInput) {
  const content = input.content
  const attachmentIds = [...new Set(input.attachmentIds ?? [])]
  if (!content.trim() && attachmentIds.length === 0) {
    throw new AppError('bad_request:message', 'Message cannot be empty')
  }
  if (content.length > MAX_MESSAGE_CHARS) {
    throw new AppError('payload_too_large:message', 'Message is too long: at most 100,000 characters')
  }
  const limits = { maxFiles: ctx.config.uploads.maxFilesPerMessage }
  const { actor } = user
  const { chat, config } = await requireChatWithConfig(ctx, actor, chatId)
  const files = await requireUnsentAttachments(ctx.db, actor, attachmentIds, limits)
  const stored = withAttachmentMarker(
    content,
    files.map((file) => file.filename),
  )
  await claimChat(ctx, actor, chatId)
  try {
    const history = await loadHistory(ctx, actor, chatId)
    const isFirstMessage = !history.some((turn) => turn.role === 'user')
    const turns: ConversationTurn[] = [...history, { role: 'user', content: stored, attachments: files }]
    const prepared = await prepareReply(ctx, user, config, turns, input)
    const now = ctx.now()
    // The answer is one millisecond younger than its question, so it always sorts after it.
    const values = [
      { chatId, content: stored, isUser: true, status: 'complete' as const, createdAt: now },
      {
        chatId,
        content: '',
        isUser: false,
        status: 'streaming' as const,
        modelId: prepared.model.id,
        notes: prepared.notes,
        createdAt: new Date(now.getTime() + 1),
      },
    ]
    let rows: Message[]
    try {
      rows = files.length
        ? // Messages and binding in one transaction: a file another send took meanwhile (404/409)
          // leaves no message behind.
          await ctx.db.transaction(async (tx) => {
            const inserted = await messagesFor(tx, actor).insert(values)
            const question = inserted.find((row) => row.isUser)!
            await bindAttachments(tx, actor, question.id, attachmentIds, limits)
            return inserted
          })
        : // One statement, so both rows exist or neither.
          await messagesFor(ctx.db, actor).insert(values)
    } catch (error) {
      await prepared.reservation.release()
      throw error
    }
    const userMessage = rows.find((row) => row.isUser)!
    const assistant = rows.find((row) => !row.isUser)!
    const reply = startReply(ctx, actor, assistant, prepared)
    ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(userMessage) })
    ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(assistant) })
    if (isFirstMessage) void autoTitle(ctx, actor, chat, content, files.length, user.preferredLanguage)
    return { userMessage, assistantMessage: assistant, model: prepared.model, reply }
  } catch (error) {
    ctx.liveReplies.release(chatId)
    throw error
  }
}

/**
 * Answers the last question again: the previous answer (if the chat ends with one) is replaced by
 * a new assistant message. The old one is deleted only once the new call is allowed. An image
 * answer is replaced by a new image (docs/decisions/123); it is complete when this returns. A
 * research report is researched again in the same message (`replacedMessageId` null; 409 while
 * its run is still going, docs/decisions/126).
 */
export async function regenerateReply(
  ctx: AppContext,
  user: Sender,
  chatId: string,
  input: { modelId?: string; agentId?: string },
) {
  const { actor } = user
  const { config } = await requireChatWithConfig(ctx, actor, chatId)
  await claimChat(ctx, actor, chatId)
  try {
    const last = await messagesFor(ctx.db, actor).last(chatId)
    const replaced = last && !last.isUser ? last : undefined
    // An image answer is drawn again from its prompt, size and style, not asked of the chat model.
    const image = replaced ? await imageOfMessage(ctx, actor, replaced.id) : undefined
    if (replaced && image) {
      try {
        const assistant = await regenerateImageAnswer(ctx, actor, chatId, replaced, image)
        return { assistantMessage: assistant, replacedMessageId: replaced.id, model: null, reply: null }
      } finally {
        ctx.liveReplies.release(chatId)
      }
    }
    // A research report is researched again (same topic, depth and sources, a fresh plan) into the
    // same message, not asked of the chat model (docs/decisions/126).
    if (replaced?.researchId) {
      try {
        const assistant = await regenerateResearch(ctx, user, replaced)
        if (!assistant) throw new AppError('conflict:reply', REPLY_IN_PROGRESS)
        return { assistantMessage: assistant, replacedMessageId: null, model: null, reply: null }
      } finally {
        ctx.liveReplies.release(chatId)
      }
    }
    // The question keeps its files: its attachments come back with the history.
    const history = await loadHistory(ctx, actor, chatId)
    if (replaced && history.at(-1)?.role === 'assistant') history.pop()
    if (history.at(-1)?.role !== 'user') {
      throw new AppError('bad_request:regenerate', 'There is no question to answer again in this chat')
    }
    const prepared = await prepareReply(ctx, user, config, history, input)
    let assistant: Message
    try {
      assistant = await ctx.db.transaction(async (tx) => {
        const rows = messagesFor(tx, actor)
        if (replaced) await rows.remove(replaced.id)
        const [row] = await rows.insert([
          {
            chatId,
            content: '',
            isUser: false,
            status: 'streaming',
            modelId: prepared.model.id,
            notes: prepared.notes,
            createdAt: ctx.now(),
          },
        ])
        return row!
      })
    } catch (error) {
      await prepared.reservation.release()
      throw error
    }
    if (replaced) ctx.realtime.toChat(chatId, 'message:deleted', { chatId, messageId: replaced.id })
    ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(assistant) })
    const reply = startReply(ctx, actor, assistant, prepared)
    return {
      assistantMessage: assistant,
      replacedMessageId: replaced?.id ?? null,
      model: prepared.model,
      reply,
    }
  } catch (error) {
    ctx.liveReplies.release(chatId)
    throw error
  }
}

/**
 * Stops the chat's running reply (its text so far is kept, status 'stopped') and waits until it is
 * stored. A reply another instance is streaming is stopped through that instance (remote-stop.ts).
 */
export async function stopReply(ctx: AppContext, actor: Actor, chatId: string): Promise<StopResult> {
  await requireChat(ctx, actor, chatId)
  const reply = ctx.liveReplies.get(chatId)
  if (!reply) return stopRemoteReply(ctx, actor, chatId)
  reply.controller.abort()
  await reply.done
  return { stopped: true, messageId: reply.messageId }
}

interface PreparedReply {
  model: Model
  agent: AgentPlan
  language?: string
  config: ChatConfigJson
  turns: ChatTurn[]
  reservation: Awaited<ReturnType<typeof reserveBudget>>
  /** Stored with the reply (null: none), so the person learns what the model did not receive. */
  notes: MessageNote[] | null
}

/** Picks the model, builds what it will receive (files included) and reserves its worst-case cost. */
async function prepareReply(
  ctx: AppContext,
  user: Sender,
  config: ChatConfigJson,
  conversation: ConversationTurn[],
  input: { modelId?: string; agentId?: string },
): Promise<PreparedReply> {
  const model = await resolveModelForSend(ctx, user, input.modelId)
  if (!providerFor(ctx.providers, model)) {
    throw new AppError('unavailable:model', 'No AI model is available right now')
  }
  // An unknown, withdrawn or disabled agent is refused here, before anything is stored.
  const agent = await planAgentReply(ctx, user.actor, input.agentId, model)
  const turns = await toModelTurns(ctx, conversation, model)
  const prompt = buildPrompt({
    systemPrompt: config.system_prompt,
    responseFormat: config.response_format,
    history: turns,
  })
  // The most this call can cost: the prompt plus a full max_tokens answer.
  const estimate = agent.free
    ? 0
    : costMicros(
        { promptTokens: estimatePromptTokens(prompt), completionTokens: config.max_tokens },
        {
          inputMicrosPerMillion: model.inputPriceMicrosPerMillion,
          outputMicrosPerMillion: model.outputPriceMicrosPerMillion,
        },
        'up',
      )
  const reservation = await reserveBudget(ctx, user.actor, estimate)
  const notes = replyNotes(conversation, model.supportsVision && !agent.provider)
  return { model, agent, config, turns, reservation, notes, language: user.preferredLanguage }
}

/**
 * The notes a reply carries from the start: the images of the question it answers that the model
 * was not given (it cannot see images, or an agent's workflow answers in its place, which takes
 * text only). The model still gets each image's name; the person is told it saw none of them.
 */
function replyNotes(conversation: readonly ConversationTurn[], seesImages: boolean): MessageNote[] | null {
  if (seesImages) return null
  const question = conversation.findLast((turn) => turn.role === 'user')
  const images = question?.attachments.filter((file) => file.kind === 'image') ?? []
  if (images.length === 0) return null
  return [{ code: 'images_not_seen', files: images.map((file) => file.filename) }]
}

function startReply(ctx: AppContext, actor: Actor, assistant: Message, prepared: PreparedReply): LiveReply {
  const { agent } = prepared
  const reply: LiveReply = {
    chatId: assistant.chatId,
    userId: actor.userId,
    messageId: assistant.id,
    content: '',
    seq: 0,
    controller: new AbortController(),
    done: Promise.resolve(undefined),
  }
  ctx.liveReplies.start(reply)
  reply.done = runReply(ctx, {
    actor,
    reply,
    model: prepared.model,
    provider: agent.provider ?? providerFor(ctx.providers, prepared.model)!,
    settings: toGenerationSettings(prepared.config),
    systemPrompt: withInstruction(prepared.config.system_prompt, agent.instruction),
    history: prepared.turns,
    // A workflow answers from its own sources; web results are for a model's prompt.
    webSearch: !agent.free && prepared.config.web_search_enabled && ctx.providers.webSearch,
    agentId: agent.agentId,
    knowledge: agent.knowledge,
    workflow: agent.workflow,
    free: agent.free,
    language: prepared.language,
    reservation: prepared.reservation,
    createdAt: assistant.createdAt,
  })
  return reply
}

function withInstruction(systemPrompt: string | null, instruction: string | null): string | null {
  if (!instruction) return systemPrompt
  return systemPrompt ? `${systemPrompt}\n\n${instruction}` : instruction
}

/**
 * Takes the chat for one reply, or 409. Besides this instance's own replies, a 'streaming' row
 * younger than the request timeout means another instance is answering; older ones were cut off
 * by a crash or restart and are marked failed here.
 */
async function claimChat(ctx: AppContext, actor: Actor, chatId: string) {
  const registry = ctx.liveReplies
  if (!registry.claim(chatId)) throw new AppError('conflict:reply', REPLY_IN_PROGRESS)
  try {
    // This instance is about to own a reply: it must hear stops taken by the others first.
    await listenForStops(ctx)
    const cutoff = replyIsFreshSince(ctx).getTime()
    const rows = messagesFor(ctx.db, actor)
    const streaming = await rows.streaming(chatId)
    if (streaming.some((row) => row.createdAt.getTime() >= cutoff)) {
      throw new AppError('conflict:reply', REPLY_IN_PROGRESS)
    }
    await rows.markFailed(
      streaming.map((row) => row.id),
      INTERRUPTED_FAILURE,
    )
  } catch (error) {
    registry.release(chatId)
    throw error
  }
}

/** Spec "Auto-title": after the chat's first message, skipped when the title would be 'New Chat'; failures are logged only. */
async function autoTitle(
  ctx: AppContext,
  actor: Actor,
  chat: Chat,
  content: string,
  fileCount: number,
  language: string | undefined,
) {
  if (chat.title !== DEFAULT_CHAT_TITLE) return
  try {
    // The words the rules add are in the sender's language (docs/decisions/150).
    const title = computeChatTitle(content, fileCount, language)
    if (title !== DEFAULT_CHAT_TITLE) await applyAutoTitle(ctx, actor, chat.id, title)
  } catch (error) {
    ctx.log.warn('auto-title failed', { chatId: chat.id, error })
  }
}
