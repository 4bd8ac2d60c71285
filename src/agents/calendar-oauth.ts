import { createHash, randomBytes } from 'node:crypto'
import type { UserAgentSetting } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { openSecret, sealSecret } from '../crypto/secret-box'
import { AppError } from '../http/errors'
import { readCappedText } from '../http/read-capped'
import { agentSettingsFor, calendarStatesFor } from './agents-data'
import { changed, defaultRedirectUrl, requireOfferedAgent } from './service'

/**
 * The calendar agent's connection (docs/decisions/124): OAuth 2.0 authorisation code with PKCE
 * (S256) and a one-use `state` bound to the session that started it, against the provider named
 * by CALENDAR_OAUTH_* (Google by default), with the client the user saved. Tokens are sealed with
 * APP_SECRET; the access token is refreshed shortly before it expires; a refused refresh marks the
 * connection `needsReconnect`.
 */

const STATE_TTL_MS = 10 * 60_000
const PROVIDER_TIMEOUT_MS = 10_000
const MAX_PROVIDER_ANSWER = 64 * 1024
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')
const randomToken = () => randomBytes(32).toString('base64url')

function clientOf(ctx: AppContext, row: UserAgentSetting | undefined) {
  const clientSecret = openSecret(ctx.config.appSecret, row?.oauthClientSecretSealed)
  if (!row?.oauthClientId || !clientSecret) return null
  return {
    clientId: row.oauthClientId,
    clientSecret,
    redirectUri: row.oauthRedirectUrl || defaultRedirectUrl(ctx),
  }
}

/** The provider's authorisation URL for a new connection; refused until the OAuth client is saved. */
export async function startCalendarConnect(ctx: AppContext, actor: Actor): Promise<{ authorizeUrl: string }> {
  await requireOfferedAgent(ctx, 'calendar')
  const client = clientOf(ctx, await agentSettingsFor(ctx.db, actor).get('calendar'))
  if (!client) {
    throw new AppError(
      'bad_request:calendar_oauth',
      'Save the Client ID and Client Secret before connecting a calendar',
    )
  }
  const state = randomToken()
  const verifier = randomToken()
  await calendarStatesFor(ctx.db, actor).insert({
    stateHash: sha256(state),
    verifierSealed: sealSecret(ctx.config.appSecret, verifier),
    expiresAt: new Date(ctx.now().getTime() + STATE_TTL_MS),
  })
  const url = new URL(ctx.config.calendarOauth.authorizeUrl)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: ctx.config.calendarOauth.scopes,
    state,
    code_challenge: sha256(verifier),
    code_challenge_method: 'S256',
    // Google gives a refresh token only for offline access, and again only with consent.
    access_type: 'offline',
    prompt: 'consent',
  }).toString()
  return { authorizeUrl: url.toString() }
}

interface TokenAnswer {
  access_token?: unknown
  refresh_token?: unknown
  expires_in?: unknown
}

async function postToken(ctx: AppContext, form: Record<string, string>) {
  const response = await fetch(ctx.config.calendarOauth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const text = await readCappedText(response, MAX_PROVIDER_ANSWER)
  let body: TokenAnswer = {}
  try {
    body = JSON.parse(text) as TokenAnswer
  } catch {}
  return { status: response.status, body }
}

function expiryOf(ctx: AppContext, answer: TokenAnswer): Date | null {
  const seconds = Number(answer.expires_in)
  return Number.isFinite(seconds) && seconds > 0 ? new Date(ctx.now().getTime() + seconds * 1000) : null
}

async function accountEmail(ctx: AppContext, accessToken: string): Promise<string | null> {
  const response = await fetch(ctx.config.calendarOauth.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  if (!response.ok) return null
  try {
    const body = JSON.parse(await readCappedText(response, MAX_PROVIDER_ANSWER)) as { email?: unknown }
    return typeof body.email === 'string' ? body.email : null
  } catch {
    return null
  }
}

/**
 * The provider sent the browser back: the state must be this session's and fresh, the code is
 * exchanged with the verifier, the account's e-mail read, the tokens sealed. Any failure: 'failed'.
 */
export async function finishCalendarConnect(
  ctx: AppContext,
  actor: Actor,
  query: { code?: string; state?: string; error?: string },
): Promise<'connected' | 'failed'> {
  if (!query.state) return 'failed'
  const pending = await calendarStatesFor(ctx.db, actor).take(sha256(query.state), ctx.now())
  if (!pending || !query.code || query.error) return 'failed'
  const verifier = openSecret(ctx.config.appSecret, pending.verifierSealed)
  const data = agentSettingsFor(ctx.db, actor)
  const client = clientOf(ctx, await data.get('calendar'))
  if (!verifier || !client) return 'failed'
  try {
    const { status, body } = await postToken(ctx, {
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: client.redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code_verifier: verifier,
    })
    if (status !== 200 || typeof body.access_token !== 'string') {
      ctx.log.warn('calendar token exchange refused', { status })
      return 'failed'
    }
    const email = await accountEmail(ctx, body.access_token)
    const seal = (text: string) => sealSecret(ctx.config.appSecret, text)
    await data.save(
      'calendar',
      {
        accessTokenSealed: seal(body.access_token),
        refreshTokenSealed: typeof body.refresh_token === 'string' ? seal(body.refresh_token) : null,
        tokenExpiresAt: expiryOf(ctx, body),
        calendarEmail: email,
        needsReconnect: false,
      },
      ctx.now(),
    )
    changed(ctx, actor)
    return 'connected'
  } catch (error) {
    ctx.log.warn('calendar connection failed', { error })
    return 'failed'
  }
}

/** Revokes at the provider (its errors ignored: the tokens are forgotten either way). */
export async function disconnectCalendar(ctx: AppContext, actor: Actor) {
  await requireOfferedAgent(ctx, 'calendar')
  const data = agentSettingsFor(ctx.db, actor)
  const row = await data.get('calendar')
  const token =
    openSecret(ctx.config.appSecret, row?.refreshTokenSealed) ??
    openSecret(ctx.config.appSecret, row?.accessTokenSealed)
  if (token) {
    await fetch(ctx.config.calendarOauth.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    }).catch((error) => ctx.log.warn('calendar token revocation failed', { error }))
  }
  await data.save(
    'calendar',
    {
      accessTokenSealed: null,
      refreshTokenSealed: null,
      tokenExpiresAt: null,
      calendarEmail: null,
      needsReconnect: false,
    },
    ctx.now(),
  )
  changed(ctx, actor)
}

export type CalendarAccess =
  | { kind: 'ok'; email: string | null; accessToken: string; config: Record<string, string> }
  | { kind: 'not_connected' }
  | { kind: 'reconnect' }
  | { kind: 'unreachable' }

/** A valid access token for the workflow, refreshed first when it is (about to be) expired. */
export async function calendarAccess(ctx: AppContext, actor: Actor): Promise<CalendarAccess> {
  const data = agentSettingsFor(ctx.db, actor)
  const row = await data.get('calendar')
  const config = row?.config ?? {}
  const email = row?.calendarEmail ?? config.calendar_email ?? null
  const accessToken = openSecret(ctx.config.appSecret, row?.accessTokenSealed)
  const refreshToken = openSecret(ctx.config.appSecret, row?.refreshTokenSealed)
  if (row?.needsReconnect) return { kind: 'reconnect' }
  if (!accessToken && !refreshToken) return { kind: 'not_connected' }
  const fresh =
    accessToken &&
    (!row?.tokenExpiresAt || row.tokenExpiresAt.getTime() - ctx.now().getTime() > REFRESH_MARGIN_MS)
  if (fresh) return { kind: 'ok', email, accessToken, config }
  const client = clientOf(ctx, row)
  if (!refreshToken || !client) {
    await data.save('calendar', { needsReconnect: true }, ctx.now())
    changed(ctx, actor)
    return { kind: 'reconnect' }
  }
  let answer: Awaited<ReturnType<typeof postToken>>
  try {
    answer = await postToken(ctx, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    })
  } catch (error) {
    ctx.log.warn('calendar token refresh unreachable', { error })
    return { kind: 'unreachable' }
  }
  if (answer.status >= 500) return { kind: 'unreachable' }
  if (answer.status !== 200 || typeof answer.body.access_token !== 'string') {
    // Revoked, expired or a changed client: only the person can fix it, by connecting again.
    await data.save('calendar', { needsReconnect: true }, ctx.now())
    changed(ctx, actor)
    return { kind: 'reconnect' }
  }
  const seal = (text: string) => sealSecret(ctx.config.appSecret, text)
  await data.save(
    'calendar',
    {
      accessTokenSealed: seal(answer.body.access_token),
      // Providers that rotate refresh tokens send a new one.
      ...(typeof answer.body.refresh_token === 'string'
        ? { refreshTokenSealed: seal(answer.body.refresh_token) }
        : {}),
      tokenExpiresAt: expiryOf(ctx, answer.body),
    },
    ctx.now(),
  )
  return { kind: 'ok', email, accessToken: answer.body.access_token, config }
}
