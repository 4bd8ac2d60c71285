import { t } from 'elysia'
import { chatJson } from '../chats/model'
import { ok } from '../http/model'

/** Who may open a link: people of this Parley (signed in), or anyone while public links are allowed. */
export const shareAudience = t.Union([t.Literal('organization'), t.Literal('public')])

export const createShareBody = t.Object({
  audience: t.Optional(shareAudience),
  /** When the link stops working; absent or null: never. */
  expiresAt: t.Optional(t.Nullable(t.String({ format: 'date-time', maxLength: 40 }))),
})
export type CreateShareBody = typeof createShareBody.static

/** A link as its owner sees it. The token is only ever in `url`, once, when it is made. */
export const shareJson = t.Object({
  id: t.String(),
  chat_id: t.String(),
  title: t.String(),
  audience: shareAudience,
  view_count: t.Number(),
  created_at: t.String(),
  expires_at: t.Nullable(t.String()),
  revoked_at: t.Nullable(t.String()),
})
export type ShareJson = typeof shareJson.static

export const createShareResponse = ok(t.Object({ id: t.String(), url: t.String(), share: shareJson }))
/** The chat's links, and whether a public one may be made (the dialog offers it only then). */
export const shareListResponse = ok(t.Object({ links: t.Array(shareJson), public_links: t.Boolean() }))

export const sharedAttachment = t.Object({ id: t.String(), name: t.String(), kind: t.String() })

/** A message of the snapshot as the shared page shows it: no ids of the owner's other rows. */
export const sharedMessage = t.Object({
  id: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('assistant')]),
  content: t.String(),
  status: t.String(),
  model_id: t.Nullable(t.String()),
  created_at: t.String(),
  /** Generated images' share-scoped urls, in the order the content names them. */
  images: t.Array(t.String()),
  attachments: t.Array(sharedAttachment),
})

export const sharedChatResponse = ok(
  t.Object({
    title: t.String(),
    created_at: t.String(),
    audience: shareAudience,
    /** The viewer is signed in: "Continue in my chats" copies it, attachment files can be opened. */
    signed_in: t.Boolean(),
    /** Attachment files may be downloaded (signed-in viewers of an organisation link). */
    files: t.Boolean(),
    messages: t.Array(sharedMessage),
  }),
)

export const forkSharedResponse = ok(t.Object({ chat: chatJson }))

export const exportQuery = t.Object({ format: t.Optional(t.Union([t.Literal('md'), t.Literal('json')])) })
