import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { exportChat } from './export'
import { forkShare } from './fork'
import {
  createShareBody,
  createShareResponse,
  exportQuery,
  forkSharedResponse,
  sharedChatResponse,
  shareListResponse,
} from './model'
import { createShare, listChatShares, optionalViewer, revokeShare } from './service'
import { sendSharedFile, sendSharedImage, viewShare } from './view'

/**
 * Share links and chat export (issue 32, points 1–3). Making, revoking and continuing a link and
 * exporting a chat are the person's own acts: support access is refused them (`accountSecurity`).
 * Opening a link needs no session: the token is the credential, and every dead link is one 404.
 */
export const shareRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'shares' })
    .use(authGuard(ctx))
    .post(
      '/api/chats/:id/shares',
      async ({ actor, user, params, body, request, server, set }) => {
        set.status = 201
        return {
          success: true as const,
          data: await createShare(ctx, { ...actor, email: user.email }, params.id, body, { request, server }),
        }
      },
      {
        response: { 201: createShareResponse },
        accountSecurity: true,
        body: createShareBody,
        detail: {
          summary: 'Make a link to the chat’s current branch (organisation or public, optional expiry)',
        },
      },
    )
    .get(
      '/api/chats/:id/shares',
      async ({ actor, params }) => ({
        success: true as const,
        data: await listChatShares(ctx, actor, params.id),
      }),
      { response: shareListResponse, auth: true, detail: { summary: 'The chat’s links, newest first' } },
    )
    .delete(
      '/api/shares/:id',
      async ({ actor, user, params, request, server }) => {
        await revokeShare(ctx, { ...actor, email: user.email }, params.id, { request, server })
        return { success: true as const }
      },
      {
        response: done,
        accountSecurity: true,
        detail: { summary: 'Revoke one of your links: it stops at once' },
      },
    )
    .get(
      '/api/shares/:id',
      async ({ params, request }) => ({
        success: true as const,
        data: await viewShare(ctx, params.id, await optionalViewer(ctx, request)),
      }),
      {
        response: sharedChatResponse,
        detail: {
          summary: 'The shared snapshot behind a link token (404 for every link that does not work)',
        },
      },
    )
    .get(
      '/api/shares/:id/images/:image',
      async ({ params, request }) =>
        sendSharedImage(ctx, params.id, await optionalViewer(ctx, request), params.image),
      { detail: { summary: 'A generated image of the shared snapshot' } },
    )
    .get(
      '/api/shares/:id/files/:file',
      async ({ params, request }) =>
        sendSharedFile(ctx, params.id, await optionalViewer(ctx, request), params.file),
      {
        detail: {
          summary: 'An attachment of the shared snapshot (signed-in viewers of an organisation link)',
        },
      },
    )
    .post(
      '/api/shares/:id/fork',
      async ({ actor, params, set }) => {
        set.status = 201
        return { success: true as const, data: await forkShare(ctx, actor, params.id) }
      },
      {
        response: { 201: forkSharedResponse },
        accountSecurity: true,
        detail: { summary: 'Continue in my chats: copy the shared snapshot into a new chat of yours' },
      },
    )
    .get(
      '/api/chats/:id/export',
      async ({ actor, params, query }) => exportChat(ctx, actor, params.id, query.format ?? 'md'),
      {
        accountSecurity: true,
        query: exportQuery,
        detail: { summary: 'Download the chat: the current branch as Markdown, or every branch as JSON' },
      },
    )
