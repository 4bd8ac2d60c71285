import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { researchSourceAvailability } from './availability'
import {
  researchPostResponse,
  researchResponse,
  researchSourcesGetResponse,
  startResearchBody,
} from './model'
import { cancelResearch, getResearch, retryResearch, startResearch } from './service'

/**
 * Deep research (decision 126): start (202, the run goes on in the background), read, cancel, retry;
 * and which sources this server can search (decision 144).
 */
export const researchRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'research' })
    .use(authGuard(ctx))
    .post(
      '/api/research',
      async ({ actor, user, body, set }) => {
        const data = await startResearch(
          ctx,
          { actor, preferredModelId: user.preferredModelId, preferredLanguage: user.preferredLanguage },
          body,
        )
        set.status = 202
        return { success: true as const, data }
      },
      {
        response: { 202: researchPostResponse },
        auth: true,
        body: startResearchBody,
        detail: { summary: 'Start a deep research run; progress arrives as research:progress' },
      },
    )
    .get('/api/research/sources', () => ({ success: true as const, data: researchSourceAvailability(ctx) }), {
      response: researchSourcesGetResponse,
      auth: true,
      detail: { summary: 'Which deep research sources this server can search, and why not' },
    })
    .get(
      '/api/research/:id',
      async ({ actor, params }) => ({
        success: true as const,
        data: await getResearch(ctx, actor, params.id),
      }),
      { response: researchResponse, auth: true, detail: { summary: 'A research run and its progress' } },
    )
    .post(
      '/api/research/:id/cancel',
      async ({ actor, params }) => ({
        success: true as const,
        data: await cancelResearch(ctx, actor, params.id),
      }),
      {
        response: researchResponse,
        auth: true,
        detail: { summary: 'Cancel a running research (what it gathered is kept)' },
      },
    )
    .post(
      '/api/research/:id/retry',
      async ({ actor, params, set }) => {
        const data = await retryResearch(ctx, actor, params.id)
        set.status = 202
        return { success: true as const, data }
      },
      {
        response: { 202: researchResponse },
        auth: true,
        detail: { summary: 'Run a failed or cancelled research again from its findings' },
      },
    )
