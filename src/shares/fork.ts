import type { GeneratedImage, Message } from '../../db/schema'
import { attachmentsFor } from '../attachments/attachments-data'
import type { Actor } from '../auth/actor'
import { chatsFor } from '../chats/chats-data'
import { toChatJson } from '../chats/model'
import type { AppContext } from '../context'
import { imagesFor } from '../images/images-data'
import { generatedImageIds } from '../knowledge/chat-export'
import { messagesFor } from '../messages/messages-data'
import { openShare, ownerOf, snapshotOf } from './service'

/** Rows per insert statement: well under Postgres's 65,535 parameters. */
const BATCH = 500

/**
 * "Continue in my chats" (`POST /api/shares/:token/fork`): a new chat of the viewer holding a copy
 * of the snapshot, as "Branch in new chat" copies a path (src/messages/fork.ts): new rows on the
 * same stored files, and the answers' generated images as the viewer's own rows (their urls are
 * served to their owner only). One transaction: the copy appears whole or not at all.
 */
export async function forkShare(ctx: AppContext, viewer: Actor, token: string) {
  const share = await openShare(ctx, token, viewer)
  const path = await snapshotOf(ctx, share)
  const owner = ownerOf(share)
  const withFiles = path.filter((message) => message.isUser)
  const sent = await attachmentsFor(ctx.db, owner).ofMessages(withFiles.map((message) => message.id))
  // Read before the transaction: the embedded database runs one statement stream, so a read on
  // `ctx.db` inside it would wait for the transaction forever.
  const shown: GeneratedImage[] = []
  for (const message of path) {
    if (message.isUser) continue
    for (const id of generatedImageIds(message.content)) {
      const image = await imagesFor(ctx.db, owner).find(id)
      if (image?.messageId === message.id) shown.push(image)
    }
  }
  const chat = await ctx.db.transaction(async (tx) => {
    const copy = await chatsFor(tx, viewer).insert(share.title, ctx.now())
    const ids = new Map(path.map((message) => [message.id, crypto.randomUUID()]))
    const imageIds = new Map<string, string>()
    for (const image of shown) {
      const mine = await imagesFor(tx, viewer).insert({
        storageKey: image.storageKey,
        contentType: image.contentType,
        byteSize: image.byteSize,
        prompt: image.prompt,
        size: image.size,
        style: image.style,
        modelId: image.modelId,
        messageId: null,
        createdAt: image.createdAt,
      })
      imageIds.set(image.id, mine.id)
    }
    const copies = path.map((message) => copyOf(message, copy.id, ids, imageIds))
    for (let start = 0; start < copies.length; start += BATCH) {
      await messagesFor(tx, viewer).insert(copies.slice(start, start + BATCH))
    }
    await attachmentsFor(tx, viewer).copyTo(
      withFiles.map((message) => ({
        messageId: ids.get(message.id)!,
        files: sent.filter((file) => file.messageId === message.id),
      })),
    )
    return copy
  })
  const json = toChatJson(chat)
  ctx.realtime.toUser(viewer.userId, 'chat:created', { chat: json })
  return { chat: json }
}

function copyOf(message: Message, chatId: string, ids: Map<string, string>, imageIds: Map<string, string>) {
  const content = message.content.replace(/\/api\/images\/([0-9a-fA-F-]{36})/g, (url, id: string) => {
    const mine = imageIds.get(id.toLowerCase())
    return mine ? `/api/images/${mine}` : url
  })
  return {
    id: ids.get(message.id)!,
    chatId,
    parentId: message.parentId ? (ids.get(message.parentId) ?? null) : null,
    content,
    isUser: message.isUser,
    // A reply still streaming when it was shared is a stopped one in the copy.
    status: message.status === 'streaming' ? ('stopped' as const) : message.status,
    error: message.error,
    modelId: message.modelId,
    // Sources and notes name the owner's knowledge entries and runs: not the viewer's.
    createdAt: message.createdAt,
  }
}
