import type { Share } from '../../db/schema'
import type { RequestOrigin } from '../access/audit'
import { recordAudit } from '../access/audit'
import type { Actor } from '../auth/actor'
import { admit } from '../auth/guard'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { messagesFor } from '../messages/messages-data'
import type { CreateShareBody, ShareJson } from './model'
import { publicLinksAllowed, sharesData } from './shares-data'
import { hashToken, newShareToken, plausibleToken } from './tokens'

/** The longest snapshot a link shows or copies: far beyond any chat people read, bounded for a hostile one. */
export const MAX_SHARED_MESSAGES = 10_000

/** The same answer for every link that does not work: never a hint that it exists (issue 32). */
export const SHARE_NOT_FOUND = 'This link does not exist or no longer works'
export const shareNotFound = () => new AppError('not_found:share', SHARE_NOT_FOUND)

type Admin = Actor & { email: string }

export function toShareJson(share: Share): ShareJson {
  return {
    id: share.id,
    chat_id: share.chatId,
    title: share.title,
    audience: share.audience,
    view_count: share.viewCount,
    created_at: share.createdAt.toISOString(),
    expires_at: share.expiresAt?.toISOString() ?? null,
    revoked_at: share.revokedAt?.toISOString() ?? null,
  }
}

export const shareUrl = (ctx: Pick<AppContext, 'config'>, token: string) =>
  `${ctx.config.appUrl.replace(/\/+$/, '')}/s/${token}`

/** `POST /api/chats/:id/shares`: a link to the chat's current branch as it is now. */
export async function createShare(
  ctx: AppContext,
  actor: Admin,
  chatId: string,
  body: CreateShareBody,
  origin: RequestOrigin,
) {
  const audience = body.audience ?? 'organization'
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null
  const now = ctx.now()
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now.getTime()))
    throw new AppError('bad_request:share_expiry', 'expiresAt: must be a time in the future')
  const chat = await requireChat(ctx, actor, chatId)
  const leaf = await messagesFor(ctx.db, actor).last(chat.id)
  if (!leaf) throw new AppError('bad_request:share_empty', 'A chat without messages cannot be shared')
  if (audience === 'public' && !(await publicLinksAllowed(ctx.db)))
    throw new AppError('forbidden:public_links', 'Public links are turned off by the administrator')
  const { token, hash } = newShareToken()
  const share = await ctx.db.transaction(async (tx) => {
    const row = await sharesData(tx).insert({
      tokenHash: hash,
      userId: actor.userId,
      chatId: chat.id,
      leafId: leaf.id,
      title: chat.title,
      audience,
      expiresAt,
      createdAt: now,
    })
    await recordAudit(
      { ...ctx, db: tx },
      actor,
      {
        action: 'share.create',
        targetType: 'share',
        targetId: row.id,
        details: { chatId: chat.id, audience, expiresAt: expiresAt?.toISOString() ?? null },
      },
      origin,
    )
    return row
  })
  return { id: share.id, url: shareUrl(ctx, token), share: toShareJson(share) }
}

/** `GET /api/chats/:id/shares`: the owner's links of the chat. */
export async function listChatShares(ctx: AppContext, actor: Actor, chatId: string) {
  const chat = await requireChat(ctx, actor, chatId)
  const links = (await sharesData(ctx.db).ofChat(actor.userId, chat.id)).map(toShareJson)
  return { links, public_links: await publicLinksAllowed(ctx.db) }
}

/** `DELETE /api/shares/:id` (the owner) and `DELETE /api/admin/shares/:id` (any): stops it at once. */
export async function revokeShare(
  ctx: AppContext,
  actor: Admin,
  id: string,
  origin: RequestOrigin,
  asAdmin = false,
) {
  await ctx.db.transaction(async (tx) => {
    const row = await sharesData(tx).revoke(id, asAdmin ? null : actor.userId, ctx.now())
    if (!row) throw shareNotFound()
    await recordAudit(
      { ...ctx, db: tx },
      actor,
      {
        action: 'share.revoke',
        targetType: 'share',
        targetId: row.id,
        details: { chatId: row.chatId, ownerId: row.userId, byAdmin: asAdmin },
      },
      origin,
    )
  })
}

/** The viewer of a link: the signed-in person, or null (signed out, or a session that no longer works). */
export async function optionalViewer(ctx: AppContext, request: Request): Promise<Actor | null> {
  try {
    return (await admit(ctx, request, 'auth')).actor
  } catch {
    return null
  }
}

/**
 * The link behind `token` when `viewer` may open it now: live (not revoked, not expired), and its
 * audience allows them (an organisation link: signed in; a public one: public links allowed).
 * Every other case is the same 404.
 */
export async function openShare(ctx: AppContext, token: string, viewer: Actor | null): Promise<Share> {
  if (!plausibleToken(token)) throw shareNotFound()
  const share = await sharesData(ctx.db).byTokenHash(hashToken(token))
  if (!share || share.revokedAt) throw shareNotFound()
  if (share.expiresAt && share.expiresAt.getTime() <= ctx.now().getTime()) throw shareNotFound()
  if (share.audience === 'organization' && !viewer) throw shareNotFound()
  if (share.audience === 'public' && !(await publicLinksAllowed(ctx.db))) throw shareNotFound()
  return share
}

/** The owner as the data helpers know them: the snapshot is read from the owner's rows only. */
export function ownerOf(share: Share): Actor {
  return { userId: share.userId, realUserId: share.userId, sessionId: '', role: 'user', impersonation: null }
}

/** The snapshot: the path from the chat's first message down to the link's leaf, oldest first. */
export function snapshotOf(ctx: Pick<AppContext, 'db'>, share: Share) {
  return messagesFor(ctx.db, ownerOf(share)).path(share.chatId, share.leafId, MAX_SHARED_MESSAGES)
}
