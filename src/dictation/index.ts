import { Elysia, t } from 'elysia'
import { multipartFileBody } from '../attachments/model'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { transcribePostResponse } from './model'
import { transcribeRecording } from './service'

/** Dictation's server side: a recording in, its text out (for browsers without speech recognition). */
export const dictationRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'dictation' }).use(authGuard(ctx)).post(
    '/api/transcribe',
    async ({ actor, request, query }) => ({
      success: true as const,
      data: await transcribeRecording(ctx, actor, request, query.language),
    }),
    {
      response: transcribePostResponse,
      auth: true,
      parse: 'none',
      // ISO-639-1 ('en', 'de'...): a hint that makes short recordings transcribe better.
      query: t.Object({ language: t.Optional(t.String({ pattern: '^[a-z]{2}$' })) }),
      detail: {
        summary: 'Transcribe a dictated recording (multipart field `file`: WebM, Ogg, MP4, MP3 or WAV)',
        requestBody: multipartFileBody,
      },
    },
  )
