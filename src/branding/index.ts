import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { brandingEventStream } from './events'
import { brandResponse } from './model'
import { readBrand, sendBrandImage } from './service'

const imageQuery = t.Object({ v: t.Optional(t.String({ maxLength: 100 })) })

/**
 * The brand: an administrator's settings over BRAND_*. Public because the sign-in page shows it
 * before anyone has a session.
 */
export const brandingRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'branding' })
    .get(
      '/api/branding',
      async ({ set }) => {
        // An administrator can change it at any moment: always ask (the answer is a few hundred bytes).
        set.headers['cache-control'] = 'no-cache'
        return { success: true as const, data: await readBrand(ctx) }
      },
      {
        response: brandResponse,
        detail: { summary: 'Company and product names, tagline, logo, login background and colours' },
      },
    )
    .get('/api/branding/events', ({ request, server }) => brandingEventStream(ctx, request, server), {
      detail: {
        summary:
          'Server-sent events for pages without a session: `branding:updated` with the brand, first as it is now, then on every change',
      },
    })
    .get(
      '/api/branding/logo',
      ({ query, request }) => sendBrandImage(ctx, 'logo', query.v, request.headers.get('if-none-match')),
      {
        query: imageQuery,
        detail: { summary: 'The uploaded logo (public; cached forever with the current `v`)' },
      },
    )
    .get(
      '/api/branding/login-background',
      ({ query, request }) =>
        sendBrandImage(ctx, 'login-background', query.v, request.headers.get('if-none-match')),
      {
        query: imageQuery,
        detail: { summary: 'The uploaded login background (public; cached forever with the current `v`)' },
      },
    )
