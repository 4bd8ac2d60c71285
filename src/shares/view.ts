import type { Message } from '../../db/schema'
import { attachmentsFor } from '../attachments/attachments-data'
import { fileNotFound } from '../attachments/errors'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { sendStoredFile } from '../files/send-stored-file'
import { imagesFor } from '../images/images-data'
import { generatedImageIds } from '../knowledge/chat-export'
import { openShare, ownerOf, shareNotFound, snapshotOf } from './service'
import { sharesData } from './shares-data'

/** `/api/images/<id>` in an answer: the owner's url, rewritten to the link's own for the viewer. */
const OWN_IMAGE_URL = /\/api\/images\/([0-9a-fA-F-]{36})/g

const sharedImageUrl = (token: string, id: string) => `/api/shares/${token}/images/${id}`

/** `GET /api/shares/:token`: the snapshot as the chat shows it; one more view counted. */
export async function viewShare(ctx: AppContext, token: string, viewer: Actor | null) {
  const share = await openShare(ctx, token, viewer)
  const path = await snapshotOf(ctx, share)
  const owner = ownerOf(share)
  const files = await attachmentsFor(ctx.db, owner).ofMessages(path.filter((m) => m.isUser).map((m) => m.id))
  await sharesData(ctx.db).countView(share.id)
  const mayDownload = share.audience === 'organization' && viewer !== null
  return {
    title: share.title,
    created_at: share.createdAt.toISOString(),
    audience: share.audience,
    signed_in: viewer !== null,
    files: mayDownload,
    messages: path.map((message) => {
      const images = message.isUser ? [] : generatedImageIds(message.content)
      return {
        id: message.id,
        role: message.isUser ? ('user' as const) : ('assistant' as const),
        content: message.isUser
          ? message.content
          : message.content.replace(OWN_IMAGE_URL, (_, id: string) =>
              sharedImageUrl(token, id.toLowerCase()),
            ),
        status: message.status,
        model_id: message.modelId,
        created_at: message.createdAt.toISOString(),
        images: images.map((id) => sharedImageUrl(token, id)),
        attachments: files
          .filter((file) => file.messageId === message.id)
          .map((file) => ({ id: file.id, name: file.filename, kind: file.kind })),
      }
    }),
  }
}

/** A generated image shown by an answer of the snapshot, to whoever may open the link. */
export async function sendSharedImage(ctx: AppContext, token: string, viewer: Actor | null, id: string) {
  const share = await openShare(ctx, token, viewer)
  const image = await imagesFor(ctx.db, ownerOf(share)).find(id)
  if (!image?.messageId || !(await onSnapshot(ctx, share, image.messageId))) throw shareNotFound()
  const blob = await ctx.storage.get(image.storageKey)
  if (!blob) throw shareNotFound()
  const ext = image.storageKey.slice(image.storageKey.lastIndexOf('.') + 1)
  return sendStoredFile(blob, {
    filename: `generated-image.${ext}`,
    contentType: image.contentType,
    inline: true,
    // Not kept: a revoked link must stop showing it.
    cacheControl: 'private, no-store',
  })
}

/** An attachment of a question of the snapshot: signed-in viewers of an organisation link only. */
export async function sendSharedFile(ctx: AppContext, token: string, viewer: Actor | null, id: string) {
  const share = await openShare(ctx, token, viewer)
  if (share.audience !== 'organization' || !viewer) throw shareNotFound()
  const file = await attachmentsFor(ctx.db, ownerOf(share)).find(id)
  if (!file?.messageId || !(await onSnapshot(ctx, share, file.messageId))) throw fileNotFound()
  const blob = await ctx.storage.get(file.storageKey)
  if (!blob) throw fileNotFound()
  return sendStoredFile(blob, {
    filename: file.filename,
    contentType: file.contentType,
    inline: file.kind === 'image' || file.kind === 'pdf',
    cacheControl: 'private, no-store',
  })
}

async function onSnapshot(ctx: AppContext, share: Parameters<typeof snapshotOf>[1], messageId: string) {
  const path: Message[] = await snapshotOf(ctx, share)
  return path.some((message) => message.id === messageId)
}
