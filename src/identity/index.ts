import { Elysia } from 'elysia'
import { readCookie } from '../auth/cookies'
import { rateLimit } from '../auth/rate-limit'
import { createSession, sessionCookie } from '../auth/session'
import type { AppContext } from '../context'
import { finishSignIn, LOGIN_TTL_MS, OIDC_COOKIE, startSignIn } from './flow'
import { callbackQuery, providerParams, providersGetResponse, SignInRefused, startQuery } from './model'
import { listProviders } from './registry'
import { readSignInSettings } from './sign-in-settings'

/** Sign-in through OpenID Connect (issue 29): GET /api/auth/providers, /api/auth/oidc/:id/start and /callback. */
export const identityRoutes = (ctx: AppContext) => {
  const secure = ctx.config.appUrl.startsWith('https:')
  const flag = secure ? '; Secure' : ''
  // Only the callback needs it; SameSite=Lax still sends it on the provider's top-level redirect back.
  const stateCookie = (state: string) =>
    `${OIDC_COOKIE}=${state}; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_TTL_MS / 1000}${flag}`
  const clearedStateCookie = `${OIDC_COOKIE}=; Path=/api/auth/oidc; HttpOnly; SameSite=Lax; Max-Age=0${flag}`

  const redirect = (location: string, cookies: string[] = []) => {
    const headers = new Headers({ location, 'cache-control': 'no-store' })
    for (const cookie of cookies) headers.append('set-cookie', cookie)
    return new Response(null, { status: 302, headers })
  }
  const refused = (error: unknown, providerId: string, step: string) => {
    if (!(error instanceof SignInRefused)) throw error
    ctx.log.info('oidc sign-in refused', {
      provider: providerId,
      step,
      code: error.code,
      reason: error.message,
      cause: causeText(error.cause),
    })
    return redirect(`/login?signInError=${error.code}`, [clearedStateCookie])
  }

  return new Elysia({ name: 'identity', prefix: '/api/auth' })
    .use(rateLimit(ctx))
    .get(
      '/providers',
      async () => {
        const settings = await readSignInSettings(ctx.db, ctx.config)
        const providers = (await listProviders(ctx)).filter((provider) => provider.enabled)
        return {
          success: true as const,
          data: {
            password: settings.password,
            signup: settings.password && settings.signup,
            providers: providers.map(({ id, label }) => ({ id, label })),
          },
        }
      },
      {
        response: providersGetResponse,
        detail: { summary: 'How to sign in: password on or off, password sign-up, the identity providers' },
      },
    )
    .get(
      '/oidc/:id/start',
      async ({ params, query }) => {
        try {
          const started = await startSignIn(ctx, params.id, query)
          if (!started) return redirect('/login?signInError=unavailable', [clearedStateCookie])
          return redirect(started.url, [stateCookie(started.state)])
        } catch (error) {
          return refused(error, params.id, 'start')
        }
      },
      {
        params: providerParams,
        query: startQuery,
        // Each start stores a sign-in under way: held like password sign-in, per client IP.
        rateLimit: { key: 'oidc-start', rules: [{ by: ['ip'], limit: ctx.config.rateLimits.login.perIp }] },
        detail: { summary: 'Start signing in through an identity provider: 302 to the provider' },
      },
    )
    .get(
      '/oidc/:id/callback',
      async ({ params, request }) => {
        const search = new URL(request.url).searchParams
        const cookieState = readCookie(request.headers.get('cookie'), OIDC_COOKIE)
        try {
          const { user, returnTo } = await finishSignIn(ctx, params.id, search, cookieState)
          const { token, session } = await createSession(ctx.db, user.id, ctx.now())
          ctx.log.info('oidc sign-in', { provider: params.id, userId: user.id })
          return redirect(returnTo, [sessionCookie(token, session.expiresAt, secure), clearedStateCookie])
        } catch (error) {
          return refused(error, params.id, 'callback')
        }
      },
      {
        params: providerParams,
        query: callbackQuery,
        detail: {
          summary:
            'Where the identity provider sends the browser back: signs in and 302 to the page asked for, or to /login?signInError=<code>',
        },
      },
    )
}

/** The messages along an error's `cause` chain, for the log (what the library said, and why). */
function causeText(error: unknown): string | undefined {
  const parts: string[] = []
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    parts.push(current.message)
    current = current.cause
  }
  return parts.length ? parts.join(' ← ') : undefined
}
