import type { Attachment, Chat, Message, MessageNote, Model } from '../../db/schema'
import { type AgentPlan, planAgentReply } from '../agents/routing'
import { buildPrompt, estimatePromptTokens } from '../ai/prompt'
import { providerFor } from '../ai/providers'
import type { ChatTurn } from '../ai/types'
import { attachmentsFor } from '../attachments/attachments-data'
import { tooManyFiles } from '../attachments/errors'
import {
  attachmentsOfMessages,
  bindAttachments,
  requireUnsentAttachments,
  withAttachmentMarker,
} from '../attachments/service'
import type { Actor } from '../auth/actor'
import { costMicros } from '../budget/money'
import { reserveBudget } from '../budget/service'
import { computeChatTitle, DEFAULT_CHAT_TITLE } from '../chats/auto-title'
import { type ChatConfigJson, requireChatWithConfig, toGenerationSettings } from '../chats/config-service'
import { isUuid } from '../chats/cursor'
import { applyAutoTitle, requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { imageOfMessage, regenerateImageAnswer } from '../images/service'
import { resolveModelForSend } from '../models/service'
import { regenerateResearch } from '../research/service'
import { INTERRUPTED_FAILURE } from './interrupted-replies'
import { type LiveReply, replyIsFreshSince } from './live-replies'
import { childTime, messagesFor } from './messages-data'
import { messageNotFound, toMessageJson } from './model'
import { toModelTurns } from './model-turns'
import { listenForStops, type StopResult, stopRemoteReply } from './remote-stop'
import { runReply } from './run-reply'
import { type Conversation, type ConversationTurn, loadHistory } from './service'

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
 * Stores the user's message and an empty assistant message (status 'streaming') at the end of the
 * chat's current path, binds the attachments to the user's message, then starts the reply in the
 * background. Refused before anything is stored when the text is blank and there are no files
 * (400), the text is too long or there are too many files (413), the chat or a file is not the
 * user's (404), a file was already sent (409), a reply is already running in the chat (409) or the
 * budget is exhausted (429, before the provider is called).
 */
export async function sendMessage(ctx: AppContext, user: Sender, chatId: string, input: SendInput) {
  const attachmentIds = [...new Set(input.attachmentIds ?? [])]
  checkText(input.content, attachmentIds.length)
  const { actor } = user
  const { chat, config } = await requireChatWithConfig(ctx, actor, chatId)
  const files = await requireUnsentAttachments(ctx.db, actor, attachmentIds, limitsOf(ctx))
  await claimChat(ctx, actor, chatId)
  try {
    const conversation = await loadHistory(ctx, actor, chatId, undefined, { neverBranched: !chat.branched })
    const isFirstMessage = !conversation.turns.some((turn) => turn.role === 'user')
    const asked = await ask(ctx, user, { chat, config, conversation, input, files, kept: [] })
    if (isFirstMessage) void autoTitle(ctx, actor, chat, input.content, files.length, user.preferredLanguage)
    return asked
  } catch (error) {
    ctx.liveReplies.release(chatId)
    throw error
  }
}

/**
 * Edits a sent message (docs/decisions/158): the original stays; a new user message with the new
 * text is stored beside it (same parent) and answered, and becomes the chat's current path.
 * `attachmentIds` may name the edited message's own files (kept) and new uploads. Refused like a
 * send, and: not the actor's message (404), an answer (400).
 */
export async function editMessage(ctx: AppContext, user: Sender, messageId: string, input: SendInput) {
  const { actor } = user
  const edited = isUuid(messageId) ? await messagesFor(ctx.db, actor).find(messageId) : undefined
  if (!edited) throw messageNotFound()
  if (!edited.isUser) throw new AppError('bad_request:edit', 'Only your own messages can be edited')
  const attachmentIds = [...new Set(input.attachmentIds ?? [])]
  checkText(input.content, attachmentIds.length)
  const { chat, config } = await requireChatWithConfig(ctx, actor, edited.chatId)
  const own = (await attachmentsOfMessages(ctx.db, actor, [edited.id])).get(edited.id) ?? []
  const kept = own.filter((file) => attachmentIds.includes(file.id))
  const limits = limitsOf(ctx)
  if (attachmentIds.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles)
  const newIds = attachmentIds.filter((id) => !kept.some((file) => file.id === id))
  const files = await requireUnsentAttachments(ctx.db, actor, newIds, limits)
  await claimChat(ctx, actor, chat.id)
  try {
    const conversation = await loadHistory(ctx, actor, chat.id, edited.parentId)
    // The new question is the edited one's sibling: under the same parent, younger than both.
    const parent = edited.parentId
      ? { id: edited.parentId, createdAt: edited.createdAt, isUser: false }
      : undefined
    const asked = await ask(ctx, user, {
      chat,
      config,
      conversation: { ...conversation, last: parent },
      input,
      files,
      kept,
      beside: true,
    })
    return asked
  } catch (error) {
    ctx.liveReplies.release(chat.id)
    throw error
  }
}

function checkText(content: string, fileCount: number) {
  if (!content.trim() && fileCount === 0) {
    throw new AppError('bad_request:message', 'Message cannot be empty')
  }
  if (content.length > MAX_MESSAGE_CHARS) {
    throw new AppError('payload_too_large:message', 'Message is too long: at most 100,000 characters')
  }
}

const limitsOf = (ctx: AppContext) => ({ maxFiles: ctx.config.uploads.maxFilesPerMessage })

interface Question {
  chat: Chat
  config: ChatConfigJson
  /** What the question follows: its turns and the message it is stored under. */
  conversation: Conversation
  input: SendInput
  /** New uploads, bound to the question. */
  files: Attachment[]
  /** Files of an edited message, copied to the question. */
  kept: Attachment[]
  /** An edit: the question stands beside others, and the chat's path changes branch. */
  beside?: boolean
}

/**
 * Stores a question under the conversation's last message and its answer (empty, streaming), then
 * starts the reply. The chat claimed by the caller; released by the reply when it ends.
 */
async function ask(ctx: AppContext, user: Sender, question: Question) {
  const { actor } = user
  const { chat, conversation, files, kept, input } = question
  const chatId = chat.id
  const allFiles = [...kept, ...files]
  const stored = withAttachmentMarker(
    input.content,
    allFiles.map((file) => file.filename),
  )
  const turns: ConversationTurn[] = [
    ...conversation.turns,
    { role: 'user', content: stored, attachments: allFiles },
  ]
  const prepared = await prepareReply(ctx, user, question.config, turns, input)
  const parent = conversation.last
  const askedAt = childTime(ctx.now(), parent)
  // Named here, so that the answer can name its question in the same statement.
  const questionId = crypto.randomUUID()
  const values = [
    {
      id: questionId,
      chatId,
      parentId: parent?.id ?? null,
      content: stored,
      isUser: true,
      status: 'complete' as const,
      createdAt: askedAt,
    },
    {
      chatId,
      parentId: questionId,
      content: '',
      isUser: false,
      status: 'streaming' as const,
      modelId: prepared.model.id,
      notes: prepared.notes,
      // One millisecond younger than its question, so it always sorts after it.
      createdAt: new Date(askedAt.getTime() + 1),
    },
  ]
  let rows: Message[]
  try {
    rows =
      files.length || kept.length || chat.currentLeafId
        ? await ctx.db.transaction(async (tx) => {
            const messages = messagesFor(tx, actor)
            const inserted = await messages.insert(values)
            // Files taken by another send meanwhile (404/409) leave no message behind.
            if (files.length) {
              await bindAttachments(
                tx,
                actor,
                questionId,
                files.map((file) => file.id),
                limitsOf(ctx),
                // An edit lists the files it kept first, then those added in its editor.
                kept.length,
              )
            }
            if (kept.length) await attachmentsFor(tx, actor).copyTo([{ messageId: questionId, files: kept }])
            // The new answer is the chat's newest message: the current path ends at it again.
            if (chat.currentLeafId) await messages.showNewest(chatId)
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
  // Announced before the reply starts, so no tab hears a delta of a message it does not know yet.
  const siblings = question.beside
    ? await messagesFor(ctx.db, actor).childrenOf(chatId, parent?.id ?? null)
    : [userMessage.id]
  ctx.realtime.toChat(chatId, 'message:created', {
    chatId,
    message: toMessageJson({ ...userMessage, siblingIds: siblings }),
  })
  ctx.realtime.toChat(chatId, 'message:created', {
    chatId,
    message: toMessageJson({ ...assistant, siblingIds: [assistant.id] }),
  })
  if (question.beside) ctx.realtime.toUser(actor.userId, 'chat:branch', { chatId, leafId: assistant.id })
  const reply = startReply(ctx, actor, assistant, prepared)
  return { userMessage, assistantMessage: assistant, model: prepared.model, reply, chatId }
}

/**
 * Answers a question again (docs/decisions/158): a new answer beside `messageId` (default: the
 * current path's last answer, or its unanswered question), which stays. An image answer is drawn
 * again as a new image (complete when this returns, docs/decisions/123); a research report is
 * researched again (409 while its run is still going, docs/decisions/126). The new answer becomes
 * the chat's current path.
 */
export async function regenerateReply(
  ctx: AppContext,
  user: Sender,
  chatId: string,
  input: { messageId?: string; modelId?: string; agentId?: string },
) {
  const { actor } = user
  const { chat, config } = await requireChatWithConfig(ctx, actor, chatId)
  await claimChat(ctx, actor, chatId)
  try {
    const rows = messagesFor(ctx.db, actor)
    let answer: Message | undefined
    let questionId: string | null | undefined
    if (input.messageId !== undefined) {
      answer = isUuid(input.messageId) ? await rows.find(input.messageId) : undefined
      if (!answer || answer.chatId !== chatId) throw messageNotFound()
      if (answer.isUser) throw new AppError('bad_request:regenerate', 'Only answers can be regenerated')
      questionId = answer.parentId
    } else {
      const last = await rows.last(chatId)
      answer = last && !last.isUser ? last : undefined
      questionId = answer ? answer.parentId : last?.id
    }
    // An image answer is drawn again from its prompt, size and style, not asked of the chat model.
    const image = answer ? await imageOfMessage(ctx, actor, answer.id) : undefined
    if (answer && image) {
      try {
        const assistant = await regenerateImageAnswer(ctx, actor, chatId, answer, image)
        ctx.realtime.toUser(actor.userId, 'chat:branch', { chatId, leafId: assistant.id })
        return { assistantMessage: assistant, model: null, reply: null }
      } finally {
        ctx.liveReplies.release(chatId)
      }
    }
    // A research report is researched again (same topic, depth and sources, a fresh plan) into a
    // new answer beside it, not asked of the chat model (docs/decisions/126).
    if (answer?.researchId) {
      try {
        const assistant = await regenerateResearch(ctx, user, answer)
        if (!assistant) throw new AppError('conflict:reply', REPLY_IN_PROGRESS)
        ctx.realtime.toUser(actor.userId, 'chat:branch', { chatId, leafId: assistant.id })
        return { assistantMessage: assistant, model: null, reply: null }
      } finally {
        ctx.liveReplies.release(chatId)
      }
    }
    // The question keeps its files: its attachments come back with the history.
    const conversation = questionId ? await loadHistory(ctx, actor, chatId, questionId) : undefined
    const question = conversation?.last
    if (!conversation || !question?.isUser || conversation.turns.at(-1)?.role !== 'user') {
      throw new AppError('bad_request:regenerate', 'There is no question to answer again in this chat')
    }
    const prepared = await prepareReply(ctx, user, config, conversation.turns, input)
    let assistant: Message
    try {
      assistant = await ctx.db.transaction(async (tx) => {
        const [row] = await messagesFor(tx, actor).insert([
          {
            chatId,
            parentId: question.id,
            content: '',
            isUser: false,
            status: 'streaming',
            modelId: prepared.model.id,
            notes: prepared.notes,
            createdAt: childTime(childTime(ctx.now(), question), answer),
          },
        ])
        if (chat.currentLeafId) await messagesFor(tx, actor).showNewest(chatId)
        return row!
      })
    } catch (error) {
      await prepared.reservation.release()
      throw error
    }
    // Announced before the reply starts, so no tab hears a delta of a message it does not know yet.
    const siblings = await rows.childrenOf(chatId, question.id)
    ctx.realtime.toChat(chatId, 'message:created', {
      chatId,
      message: toMessageJson({ ...assistant, siblingIds: siblings }),
    })
    ctx.realtime.toUser(actor.userId, 'chat:branch', { chatId, leafId: assistant.id })
    const reply = startReply(ctx, actor, assistant, prepared)
    return { assistantMessage: assistant, model: prepared.model, reply }
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
  /** The stored files of the conversation, for the file search tool. */
  attachmentIds: string[]
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
  const attachmentIds = conversation.flatMap((turn) => turn.attachments.map((file) => file.id))
  return { model, agent, config, turns, reservation, notes, attachmentIds, language: user.preferredLanguage }
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
    // Tools are a model's: a workflow agent answers without them.
    toolIds: agent.free ? [] : prepared.config.tools,
    attachmentIds: prepared.attachmentIds,
    agentId: agent.agentId,
    knowledge: agent.knowledge,
    workflow: agent.workflow,
    free: agent.free,
    language: prepared.language,
    reservation: prepared.reservation,
    createdAt: assistant.createdAt,
    parentId: assistant.parentId,
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
