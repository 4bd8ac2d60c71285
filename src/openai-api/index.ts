import { Elysia } from 'elysia'
import { authenticateKey, type KeyHolder } from '../api-keys/authenticate'
import type { AppContext } from '../context'
import { InlineSpool } from '../http/inline-spool'
import { noteUser } from '../http/request-log'
import { readOpenAiBody } from './body'
import { completeChat } from './chat-completions'
import { createEmbeddings } from './embeddings'
import { OPENAI_PREFIX, OpenAiError, openAiErrorResponse, toOpenAiError } from './errors'
import { listModels } from './models'

type Work = (holder: KeyHolder, request: Request) => Promise<Response | object>

/** `answer`, with `done` called once it has gone: a streamed body's end or cancel, or at once. */
function whenSent(answer: Response | object, done: () => unknown): Response | object {
  if (!(answer instanceof Response) || !answer.body) {
    done()
    return answer
  }
  const reader = answer.body.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read()
        if (ended) {
          controller.close()
          done()
        } else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
        done()
      }
    },
    async cancel(reason) {
      done()
      await reader.cancel(reason).catch(() => {})
    },
  })
  return new Response(body, { status: answer.status, headers: answer.headers })
}

/**
 * The team API under /v1 (issue 31): OpenAI's routes, answers and error shape, so the official
 * SDKs and the tools built on them work unchanged. Outside the app's session auth and its
 * `{success, data}` envelope: each route checks the key first (src/api-keys/authenticate.ts), then
 * reads its own body (src/http/base.ts leaves /v1 bodies unread), so a stranger's body is never read.
 */
export const openAiRoutes = (ctx: AppContext) => {
  const handle =
    (work: Work) =>
    async ({ request }: { request: Request }) => {
      try {
        const holder = await authenticateKey(ctx, request)
        noteUser(request, holder.actor.userId)
        const answer = await work(holder, request)
        return answer instanceof Response ? answer : Response.json(answer)
      } catch (error) {
        // Whatever was not read of a refused body is dropped, not left on the connection.
        if (!request.bodyUsed) await request.body?.cancel().catch(() => {})
        const openAiError = toOpenAiError(error)
        if (openAiError) {
          if (openAiError.status >= 500)
            ctx.log.warn('an API call failed', {
              path: new URL(request.url).pathname,
              error,
              cause: openAiError.cause,
            })
          return openAiErrorResponse(openAiError)
        }
        ctx.log.error('an API call failed unexpectedly', { path: new URL(request.url).pathname, error })
        return openAiErrorResponse(new OpenAiError(500, 'An unexpected error occurred', 'server_error', null))
      }
    }
  const unknownRoute = handle(async (_holder, request) => {
    throw new OpenAiError(
      404,
      `Unknown request URL: ${request.method} ${new URL(request.url).pathname}. Parley answers /v1/models, /v1/chat/completions and /v1/embeddings.`,
      'invalid_request_error',
      'unknown_url',
    )
  })

  return (
    new Elysia({ name: 'openai-api', prefix: OPENAI_PREFIX })
      // OpenAI's own reference documents these; the app's API document is for the web app's routes.
      .guard({ detail: { hide: true } })
      .get(
        '/models',
        handle((holder) => listModels(ctx, holder)),
      )
      .post(
        '/chat/completions',
        handle(async (holder, request) => {
          // Inline images arrive into a spool and are read back under a share of the server's
          // allowance, given back when the answer has gone (decision 189).
          const images = new InlineSpool((bytes) => ctx.largeBodies.take(bytes, request.signal))
          try {
            const answer = await completeChat(
              ctx,
              holder,
              await readOpenAiBody(request, ctx.config.uploads, { inlineImages: images }),
              request.signal,
              images,
            )
            if (!images.holding) {
              await images.dispose()
              return answer
            }
            return whenSent(answer, () => images.dispose())
          } catch (error) {
            await images.dispose()
            throw error
          }
        }),
      )
      .post(
        '/embeddings',
        handle(async (holder, request) =>
          createEmbeddings(ctx, holder, await readOpenAiBody(request, ctx.config.uploads)),
        ),
      )
      .all('', unknownRoute)
      .all('/*', unknownRoute)
  )
}
