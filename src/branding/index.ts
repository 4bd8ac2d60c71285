import { Elysia } from 'elysia'
import type { AppContext } from '../context'

/**
 * The brand from BRAND_* settings, public because the sign-in page shows it before anyone has
 * a session.
 */
export const brandingRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'branding' }).get(
    '/api/branding',
    ({ set }) => {
      // Branding only changes with a restart; a short cache spares the login page a round trip.
      set.headers['cache-control'] = 'public, max-age=300'
      return { success: true as const, data: { ...ctx.config.brand } }
    },
    { detail: { summary: 'Company and product names, tagline, logo, login background and colours' } },
  )
