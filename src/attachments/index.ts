import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import {
  fileQuery,
  idParams,
  messagesAttachmentsGetResponse,
  multipartFileBody,
  uploadsLimitsGetResponse,
  uploadsPostResponse,
} from './model'
import {
  deleteUpload,
  listMessageAttachments,
  receiveUpload,
  sendAttachmentFile,
  startUploadSweeper,
} from './service'

/** Uploads before sending, the owner's files, a message's attachments; and the stale-upload sweep. */
export const attachmentRoutes = (ctx: AppContext) => {
  let stopSweeper: (() => void) | undefined
  return new Elysia({ name: 'attachments' })
    .use(authGuard(ctx))
    .onStart(() => {
      stopSweeper ??= startUploadSweeper(ctx)
    })
    .onStop(() => {
      stopSweeper?.()
      stopSweeper = undefined
    })
    .get(
      '/api/uploads/limits',
      () => ({
        success: true as const,
        data: {
          maxFileBytes: ctx.config.uploads.maxFileBytes,
          maxFiles: ctx.config.uploads.maxFilesPerMessage,
        },
      }),
      // The composer checks these before uploading, so an over-limit file fails at once, not after a 25 MB upload.
      {
        response: uploadsLimitsGetResponse,
        auth: true,
        detail: { summary: 'The upload limits: bytes per file and files per message' },
      },
    )
    .post(
      '/api/uploads',
      async ({ actor, request, set }) => {
        // Read only after the session is checked, streamed to storage, never more than the limit.
        const data = await receiveUpload(ctx, actor, request)
        set.status = 201
        return { success: true as const, data }
      },
      {
        response: { 201: uploadsPostResponse },
        auth: true,
        parse: 'none',
        detail: {
          summary: 'Upload a file to attach to the next message (multipart field `file`)',
          requestBody: multipartFileBody,
        },
      },
    )
    .delete(
      '/api/uploads/:id',
      async ({ actor, params }) => {
        await deleteUpload(ctx, actor, params.id)
        return { success: true as const }
      },
      {
        response: done,
        auth: true,
        params: idParams,
        detail: { summary: 'Remove an upload that was not sent' },
      },
    )
    .get(
      '/api/files/:id',
      ({ actor, params, query }) =>
        sendAttachmentFile(ctx, actor, params.id, query.download === '1' || query.download === 'true'),
      {
        auth: true,
        params: idParams,
        query: fileQuery,
        detail: { summary: 'One of the user’s files; images and PDFs inline unless ?download=1' },
      },
    )
    .get(
      '/api/messages/:id/attachments',
      async ({ actor, params }) => ({
        success: true as const,
        data: await listMessageAttachments(ctx.db, actor, params.id),
      }),
      {
        response: messagesAttachmentsGetResponse,
        auth: true,
        params: idParams,
        detail: { summary: 'The files attached to one of the user’s messages' },
      },
    )
}
