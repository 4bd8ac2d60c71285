import type { Db } from '../../db/client'
import type { GeneratedImage, Message } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { reserveBudget, settleReply } from '../budget/service'
import { computeChatTitle, DEFAULT_CHAT_TITLE } from '../chats/auto-title'
import { applyAutoTitle, requireChat } from '../chats/service'
import { IMAGE_SIZES, type ImageSize } from '../config/model-prices'
import type { AppContext } from '../context'
import { sendStoredFile } from '../files/send-stored-file'
import { AppError } from '../http/errors'
import { childTime, messagesFor } from '../messages/messages-data'
import { type MessageJson, type TreeExtras, toMessageJson } from '../messages/model'
import { imageTexts } from './answer-texts'
import { imagesFor } from './images-data'
import type { GenerateImageInput } from './model'
import { imagePrice } from './prices'
import { generateImageBytes, throwIfStopped } from './provider'
import { IMAGE_STYLES, type ImageStyle, MAX_PROMPT_CHARS, withStylePhrase } from './styles'

export const imageUrlOf = (id: string) => `/api/images/${id}`
const IMAGE_NOT_FOUND = 'Image not found'

/** The images API is reachable: an OpenAI-compatible provider and an IMAGE_MODEL are configured. */
export function imageGenerationAvailable(config: AppContext['config']): boolean {
  return Boolean((config.ai.openaiBaseUrl || config.ai.openaiApiKey) && config.ai.imageModel)
}

export interface GeneratedImageResult {
  id: string
  imageUrl: string
  /** The spec's two messages, when the image was made in a chat. */
  userMessage: MessageJson | null
  assistantMessage: MessageJson | null
}

/**
 * `POST /api/generate-image`: checks the request, reserves the image's price against the budget
 * (429 over the limit, before the provider is called), asks the images API, copies the image
 * into storage, then stores the image row, the usage record and (with a chat) the spec's two
 * messages in one transaction. A failure at any step leaves nothing behind: no file, no row, no
 * message, no cost.
 */
export async function generateImage(
  ctx: AppContext,
  actor: Actor,
  input: GenerateImageInput,
): Promise<GeneratedImageResult> {
  const request = checkInput(input)
  const chat = input.chatId ? await requireChat(ctx, actor, input.chatId) : null
  const { prompt } = request
  // Written in the asker's language (decision 150): read before the images API is paid for.
  const texts = chat ? imageTexts(await imagesFor(ctx.db, actor).ownerLanguage(), prompt) : null
  const made = await makeImage(
    ctx,
    actor,
    request,
    { chatId: chat?.id ?? null },
    async (tx, { id, answerId, model, now: madeAt }) => {
      if (!chat || !texts) return []
      const rows = messagesFor(tx, actor)
      // At the end of the chat's current path (docs/decisions/158).
      const parent = await rows.last(chat.id)
      const questionId = crypto.randomUUID()
      if (chat.currentLeafId) await rows.showNewest(chat.id)
      const now = childTime(madeAt, parent)
      return rows.insert([
        {
          id: questionId,
          parentId: parent?.id ?? null,
          chatId: chat.id,
          content: texts.question,
          isUser: true,
          createdAt: now,
        },
        {
          id: answerId,
          parentId: questionId,
          chatId: chat.id,
          content: answerText(texts.answer, id),
          isUser: false,
          modelId: model,
          // One millisecond younger than the question, so it always sorts after it.
          createdAt: new Date(now.getTime() + 1),
        },
      ])
    },
  )
  const userMessage = made.rows.find((row) => row.isUser)
  const assistantMessage = made.rows.find((row) => !row.isUser)
  if (chat && userMessage && assistantMessage) {
    ctx.realtime.toChat(chat.id, 'message:created', { chatId: chat.id, message: toMessageJson(userMessage) })
    announceAnswer(ctx, chat.id, assistantMessage)
    if (chat.title === DEFAULT_CHAT_TITLE) void autoTitle(ctx, actor, chat.id, userMessage.content)
  }
  return {
    id: made.id,
    imageUrl: imageUrlOf(made.id),
    userMessage: userMessage ? toMessageJson(userMessage) : null,
    assistantMessage: assistantMessage ? toMessageJson(assistantMessage) : null,
  }
}

/**
 * The Image Generation tool's image (issue 30 point 6): the same budget check and charge, stored
 * copy, sizes and styles as `POST /api/generate-image`, but no messages of its own. Its usage row
 * carries the chat and the answer that called the tool (that message exists: it is streaming), so
 * the cost shows on that answer. The image row is not linked to the answer: regenerating the answer
 * runs the reply again rather than drawing a lone image (imageOfMessage). `signal` (the person's
 * Stop, the tool's time-out) cancels the images API request; once aborted nothing is stored or charged.
 */
export async function generateToolImage(
  ctx: AppContext,
  actor: Actor,
  input: Pick<GenerateImageInput, 'prompt' | 'size' | 'style'>,
  answer: { chatId: string; messageId: string; signal: AbortSignal },
): Promise<{ id: string; imageUrl: string }> {
  const request = checkInput(input)
  const made = await makeImage(ctx, actor, request, answer, async () => [])
  return { id: made.id, imageUrl: imageUrlOf(made.id) }
}

/** The image an assistant message shows, when that message is an image answer (so regenerating it draws again). */
export function imageOfMessage(
  ctx: AppContext,
  actor: Actor,
  messageId: string,
): Promise<GeneratedImage | undefined> {
  return imagesFor(ctx.db, actor).findByMessage(messageId)
}

/**
 * Regenerating an image answer: a new image from the same prompt, size and style, through the
 * same path as `POST /api/generate-image` (budget, storage, the spec's sentence). The old answer is
 * deleted in the transaction that stores the new one, so a failure leaves the chat as it was.
 * The old image stays in the user's storage (it may be linked elsewhere); it goes with the account.
 */
export async function regenerateImageAnswer(
  ctx: AppContext,
  actor: Actor,
  chatId: string,
  replaced: Message,
  image: GeneratedImage,
): Promise<Message> {
  const request = checkInput({ prompt: image.prompt, size: image.size, style: image.style })
  const texts = imageTexts(await imagesFor(ctx.db, actor).ownerLanguage(), request.prompt)
  const made = await makeImage(ctx, actor, request, { chatId }, async (tx, { id, answerId, model, now }) => {
    const rows = messagesFor(tx, actor)
    // Beside the old answer, which stays (docs/decisions/158).
    const [answer] = await rows.insert([
      {
        id: answerId,
        parentId: replaced.parentId,
        chatId,
        content: answerText(texts.answer, id),
        isUser: false,
        modelId: model,
        createdAt: childTime(now, replaced),
      },
    ])
    await rows.showNewest(chatId)
    return [answer!]
  })
  const answer = made.rows[0]!
  const siblings = await messagesFor(ctx.db, actor).childrenOf(chatId, answer.parentId)
  announceAnswer(ctx, chatId, { ...answer, siblingIds: siblings })
  return answer
}

/**
 * The answer's sentence (answer-texts.ts), then the image as markdown. The alt stays 'Generated
 * Image' in every language: the client shows no caption for it and finds the image by its URL.
 */
const answerText = (sentence: string, id: string) => `${sentence}\n\n![Generated Image](${imageUrlOf(id)})`

/**
 * Where a made image's usage row points, and what can stop the making. `messageId`: an answer that
 * already exists (the tool's); without it the usage row points at the answer `store` writes (when
 * there is a chat).
 */
interface ImageLink {
  chatId: string | null
  messageId?: string
  signal?: AbortSignal
}

/**
 * Reserves the image's price against the budget (429 over the limit, before the provider is
 * called), asks the images API, copies the image into storage, then stores the messages (`store`),
 * the image row (linked to the answer), the usage record and releases the reservation in one
 * transaction. A failure at any step, an abort included, leaves nothing behind: no file, no row,
 * no message, no cost.
 */
async function makeImage(
  ctx: AppContext,
  actor: Actor,
  { prompt, size, style }: ImageRequest,
  { chatId, messageId, signal }: ImageLink,
  store: (tx: Db, made: { id: string; answerId: string; model: string; now: Date }) => Promise<Message[]>,
): Promise<{ id: string; rows: Message[] }> {
  const imageModel = ctx.config.ai.imageModel
  if (!imageGenerationAvailable(ctx.config) || !imageModel) {
    throw new AppError('unavailable:image_generation', 'Image generation is not configured on this server')
  }
  const price = await imagePrice(ctx, size)
  const reservation = await reserveBudget(ctx, actor, price)
  let storageKey: string | null = null
  try {
    const { bytes, type } = await generateImageBytes(
      {
        baseUrl: ctx.config.ai.openaiBaseUrl,
        apiKey: ctx.config.ai.openaiApiKey,
        model: imageModel,
        timeoutMs: ctx.config.ai.requestTimeoutMs,
      },
      withStylePhrase(prompt, style),
      size,
      signal,
    )
    // Stopped while the bytes came in: the person no longer waits for this image, so it is neither kept nor paid.
    throwIfStopped(signal)
    const id = crypto.randomUUID()
    const key = `users/${actor.userId}/images/${id}.${type.ext}`
    await ctx.storage.put(key, bytes, type.mime)
    storageKey = key
    throwIfStopped(signal)
    const now = ctx.now()
    // Named before it is written, so the usage row stored with it can point at it.
    const answerId = crypto.randomUUID()
    const rows = await settleReply(ctx, actor, {
      usage: {
        chatId,
        messageId: messageId ?? (chatId ? answerId : null),
        modelId: imageModel,
        promptTokens: 0,
        completionTokens: 0,
        costMicros: price,
        estimated: false,
      },
      reservation,
      atomic: true,
      store: async (tx, alongside) => {
        const rows = await store(tx, { id, answerId, model: imageModel, now })
        const assistant = rows.find((row) => !row.isUser)
        await imagesFor(tx, actor).insert({
          id,
          storageKey: key,
          contentType: type.mime,
          byteSize: bytes.byteLength,
          prompt,
          size,
          style,
          modelId: imageModel,
          messageId: assistant?.id ?? null,
          createdAt: now,
        })
        if (alongside) await tx.execute(alongside)
        return rows
      },
    })
    return { id, rows: rows ?? [] }
  } catch (error) {
    // Refused or failed before it was settled (settling drops it itself).
    await reservation.release()
    if (storageKey) await deleteQuietly(ctx, storageKey)
    throw error
  }
}

/** `GET /api/images/:id`: the owner's image, inline; ids never change, so browsers may keep it. */
export async function sendGeneratedImage(ctx: AppContext, actor: Actor, id: string): Promise<Response> {
  const row = await imagesFor(ctx.db, actor).find(id)
  if (!row) throw new AppError('not_found:image', IMAGE_NOT_FOUND)
  const blob = await ctx.storage.get(row.storageKey)
  if (!blob) throw new AppError('not_found:image', IMAGE_NOT_FOUND)
  const ext = row.storageKey.slice(row.storageKey.lastIndexOf('.') + 1)
  return sendStoredFile(blob, {
    filename: `generated-image.${ext}`,
    contentType: row.contentType,
    inline: true,
    cacheControl: 'private, max-age=31536000, immutable',
  })
}

interface ImageRequest {
  prompt: string
  size: ImageSize
  style: ImageStyle
}

function checkInput(input: Pick<GenerateImageInput, 'prompt' | 'size' | 'style'>): ImageRequest {
  const prompt = input.prompt.trim()
  if (!prompt) throw new AppError('bad_request:image_prompt', 'Please enter a description for the image')
  if (prompt.length > MAX_PROMPT_CHARS) {
    throw new AppError(
      'bad_request:image_prompt_length',
      `prompt: the description may be at most ${MAX_PROMPT_CHARS.toLocaleString('en-US')} characters`,
    )
  }
  const size = (input.size ?? '1024x1024') as ImageSize
  if (!IMAGE_SIZES.includes(size)) {
    throw new AppError('bad_request:image_size', `size: must be one of ${IMAGE_SIZES.join(', ')}`)
  }
  const style = (input.style ?? 'realistic') as ImageStyle
  if (!IMAGE_STYLES.includes(style)) {
    throw new AppError('bad_request:image_style', `style: must be one of ${IMAGE_STYLES.join(', ')}`)
  }
  return { prompt, size, style }
}

/** Every tab on the chat sees the answer at once, complete (there is nothing to stream). */
function announceAnswer(ctx: AppContext, chatId: string, answer: Message & TreeExtras) {
  ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(answer) })
  ctx.realtime.toChat(chatId, 'message:completed', { chatId, message: toMessageJson(answer) })
}

async function autoTitle(ctx: AppContext, actor: Actor, chatId: string, content: string) {
  try {
    const title = computeChatTitle(content, 0)
    if (title !== DEFAULT_CHAT_TITLE) await applyAutoTitle(ctx, actor, chatId, title)
  } catch (error) {
    ctx.log.warn('auto-title failed', { chatId, error })
  }
}

async function deleteQuietly(ctx: AppContext, key: string) {
  try {
    await ctx.storage.delete(key)
  } catch (error) {
    ctx.log.warn('could not delete a generated image', { key, error })
  }
}
