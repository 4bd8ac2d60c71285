import * as client from 'openid-client'
import type { User } from '../../db/schema'
import type { MailLanguage } from '../auth/email-texts'
import { hashToken } from '../auth/session'
import type { AppContext } from '../context'
import { PROFILE_LANGUAGES } from '../profile/model'
import { accountForSignIn, type ProviderClaims } from './accounts'
import { isUnavailable, withDeadline } from './discovery'
import { SignInRefused } from './model'
import { loginsData } from './providers-data'
import { findProvider, type ResolvedProvider } from './registry'
import { identityRuntime } from './runtime'

/** A sign-in must come back from the provider within this long. */
export const LOGIN_TTL_MS = 10 * 60 * 1000
export const OIDC_COOKIE = 'parley_oidc'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log'>
type Language = MailLanguage

export const callbackUrl = (ctx: Pick<AppContext, 'config'>, providerId: string) =>
  `${ctx.config.appUrl}/api/auth/oidc/${encodeURIComponent(providerId)}/callback`

/** A page on this site to open after signing in: a path starting with one "/", else "/". */
export function safeReturnTo(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return '/'
  // No backslash (browsers read "/\\host" as another origin) and no control characters (a header split).
  for (const char of value)
    if (char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return '/'
  return value
}

const languageOf = (value: string | undefined): Language | null =>
  value && (PROFILE_LANGUAGES as readonly string[]).includes(value) ? (value as Language) : null

async function usableProvider(ctx: Ctx, id: string): Promise<ResolvedProvider | null> {
  const provider = await findProvider(ctx, id)
  return provider?.enabled ? provider : null
}

/**
 * Starts a sign-in: a random state (stored hashed, with the PKCE verifier and nonce, for 10
 * minutes) and the provider's authorization URL. The state also goes to the browser's cookie, so
 * the callback can tell it comes back to the browser that started it. Throws SignInRefused
 * (`unavailable`) when the provider cannot be discovered, null when there is no such provider.
 */
export async function startSignIn(
  ctx: Ctx,
  providerId: string,
  input: { returnTo?: string; lang?: string },
): Promise<{ url: string; state: string } | null> {
  const provider = await usableProvider(ctx, providerId)
  if (!provider) return null
  const runtime = identityRuntime(ctx)
  let config: client.Configuration
  try {
    if (!provider.clientSecret) throw new Error('the client secret does not open with this APP_SECRET')
    config = await runtime.discovery.get(provider)
  } catch (error) {
    throw new SignInRefused('unavailable', 'discovery failed', { cause: error })
  }
  const state = client.randomState()
  const nonce = client.randomNonce()
  const codeVerifier = client.randomPKCECodeVerifier()
  const now = ctx.now()
  await loginsData(ctx.db).save(
    {
      stateHash: hashToken(state),
      providerId: provider.id,
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(input.returnTo),
      language: languageOf(input.lang),
      expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
      createdAt: now,
    },
    now,
  )
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, provider.id),
    scope: provider.scopes,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url: url.href, state }
}

/**
 * Finishes a sign-in from the provider's redirect: the state must be this browser's (`cookieState`)
 * and unused; openid-client checks the response, exchanges the code (PKCE) and verifies the ID
 * token (issuer, audience, signature against the provider's keys, `alg`, expiry, nonce). Answers
 * the account to sign into and where to go; throws SignInRefused with the card's code.
 */
export async function finishSignIn(
  ctx: Ctx,
  providerId: string,
  search: URLSearchParams,
  cookieState: string | undefined,
): Promise<{ user: User; returnTo: string }> {
  const state = search.get('state')
  if (!state || !cookieState || state !== cookieState)
    throw new SignInRefused('state', cookieState ? 'the state is not this browser’s' : 'no sign-in cookie')
  const login = await loginsData(ctx.db).take(hashToken(state), providerId, ctx.now())
  if (!login) throw new SignInRefused('state', 'unknown, used or expired state')

  const error = search.get('error')
  if (error) {
    if (error === 'access_denied') throw new SignInRefused('denied', 'cancelled at the provider')
    if (error === 'temporarily_unavailable' || error === 'server_error')
      throw new SignInRefused('unavailable', `the provider answered ${error}`)
    throw new SignInRefused('invalid', `the provider answered ${error}`)
  }

  const provider = await usableProvider(ctx, providerId)
  if (!provider?.clientSecret) throw new SignInRefused('unavailable', 'the provider is gone or disabled')
  const runtime = identityRuntime(ctx)
  const ms = runtime.timeoutMs
  const started = Date.now()
  let claims: ProviderClaims
  try {
    const config = await runtime.discovery.get(provider)
    const currentUrl = new URL(callbackUrl(ctx, provider.id))
    currentUrl.search = search.toString()
    // One deadline for the whole exchange (the token request, then userinfo if needed): a slow
    // provider gives `unavailable` within the timeout, not once per request.
    claims = await withDeadline(
      (async () => {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        })
        const idClaims = tokens.claims() as ProviderClaims | undefined
        if (!idClaims?.sub) throw new SignInRefused('invalid', 'no ID token claims')
        if (typeof idClaims.email === 'string' || !tokens.access_token) return idClaims
        // Some providers put the e-mail only in userinfo (it must name the same subject).
        const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
        return { ...info, ...idClaims, email: info.email, email_verified: info.email_verified }
      })(),
      Math.max(1, ms - (Date.now() - started)),
    )
  } catch (error) {
    if (error instanceof SignInRefused) throw error
    if (isUnavailable(error)) {
      runtime.discovery.forget(provider)
      throw new SignInRefused('unavailable', 'the provider could not be reached', { cause: error })
    }
    throw new SignInRefused('invalid', 'the provider’s answer failed verification', { cause: error })
  }
  const user = await accountForSignIn(ctx, provider, claims, login.language as Language | null)
  return { user, returnTo: safeReturnTo(login.returnTo) }
}
