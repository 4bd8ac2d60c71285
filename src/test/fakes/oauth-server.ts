import { createHash } from 'node:crypto'

/**
 * A fake OAuth 2.0 provider (the calendar agent's): a real HTTP server on 127.0.0.1 with
 * `/authorize` (redirects back with a code, remembering the PKCE challenge), `/token`
 * (authorization_code with client secret and PKCE verification; refresh_token), `/userinfo`
 * (the account's e-mail for a valid access token) and `/revoke`. Failure modes: refresh refused
 * (invalid_grant), the token endpoint down (500), access tokens that expire at once.
 */

export interface FakeOauthOptions {
  clientId?: string
  clientSecret?: string
  email?: string
}

export interface FakeOauth {
  base: string
  /** CALENDAR_OAUTH_* for startApp. */
  env: Record<string, string>
  clientId: string
  clientSecret: string
  email: string
  /** Every access token issued (valid unless revoked). */
  accessTokens: Set<string>
  refreshTokens: Set<string>
  revoked: string[]
  tokenRequests: Record<string, string>[]
  /** Follows /authorize as a browser would (the user consents): the redirect's URL. */
  authorize(authorizeUrl: string): Promise<URL>
  setMode(mode: Partial<FakeOauthMode>): void
  close(): Promise<void>
}

export interface FakeOauthMode {
  refuseRefresh: boolean
  tokenDown: boolean
  expiresIn: number
}

export function startFakeOauth(options: FakeOauthOptions = {}): FakeOauth {
  const clientId = options.clientId ?? 'parley-client'
  const clientSecret = options.clientSecret ?? 'parley-client-secret-value'
  const email = options.email ?? 'calendar.owner@example.com'
  const codes = new Map<
    string,
    { challenge: string; method: string; redirectUri: string; clientId: string }
  >()
  const accessTokens = new Set<string>()
  const refreshTokens = new Set<string>()
  const revoked: string[] = []
  const tokenRequests: Record<string, string>[] = []
  let mode: FakeOauthMode = { refuseRefresh: false, tokenDown: false, expiresIn: 3600 }
  const random = () => crypto.randomUUID().replaceAll('-', '')
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

  const issue = () => {
    const access = `access-${random()}`
    const refresh = `refresh-${random()}`
    accessTokens.add(access)
    refreshTokens.add(refresh)
    return { access_token: access, refresh_token: refresh, expires_in: mode.expiresIn, token_type: 'Bearer' }
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      if (url.pathname === '/authorize' && request.method === 'GET') {
        const q = url.searchParams
        if (q.get('response_type') !== 'code' || q.get('client_id') !== clientId || !q.get('redirect_uri')) {
          return new Response('bad authorisation request', { status: 400 })
        }
        const code = `code-${random()}`
        codes.set(code, {
          challenge: q.get('code_challenge') ?? '',
          method: q.get('code_challenge_method') ?? '',
          redirectUri: q.get('redirect_uri')!,
          clientId,
        })
        const back = new URL(q.get('redirect_uri')!)
        back.searchParams.set('code', code)
        back.searchParams.set('state', q.get('state') ?? '')
        return new Response(null, { status: 302, headers: { location: back.toString() } })
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await request.text()).entries())
        tokenRequests.push(form)
        if (mode.tokenDown) return new Response('down', { status: 500 })
        if (form.client_id !== clientId || form.client_secret !== clientSecret) {
          return json({ error: 'invalid_client' }, 401)
        }
        if (form.grant_type === 'authorization_code') {
          const pending = codes.get(form.code ?? '')
          codes.delete(form.code ?? '')
          const challenge = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url')
          if (
            !pending ||
            pending.redirectUri !== form.redirect_uri ||
            pending.method !== 'S256' ||
            pending.challenge !== challenge
          ) {
            return json({ error: 'invalid_grant' }, 400)
          }
          return json(issue())
        }
        if (form.grant_type === 'refresh_token') {
          if (mode.refuseRefresh || !refreshTokens.has(form.refresh_token ?? '')) {
            return json({ error: 'invalid_grant' }, 400)
          }
          const access = `access-${random()}`
          accessTokens.add(access)
          return json({ access_token: access, expires_in: mode.expiresIn, token_type: 'Bearer' })
        }
        return json({ error: 'unsupported_grant_type' }, 400)
      }
      if (url.pathname === '/userinfo') {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
        if (!accessTokens.has(token)) return json({ error: 'invalid_token' }, 401)
        return json({ email, email_verified: true })
      }
      if (url.pathname === '/revoke' && request.method === 'POST') {
        const token = new URLSearchParams(await request.text()).get('token') ?? ''
        revoked.push(token)
        accessTokens.delete(token)
        refreshTokens.delete(token)
        return new Response(null, { status: 200 })
      }
      return new Response('not found', { status: 404 })
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return {
    base,
    env: {
      CALENDAR_OAUTH_AUTHORIZE_URL: `${base}/authorize`,
      CALENDAR_OAUTH_TOKEN_URL: `${base}/token`,
      CALENDAR_OAUTH_USERINFO_URL: `${base}/userinfo`,
      CALENDAR_OAUTH_REVOKE_URL: `${base}/revoke`,
    },
    clientId,
    clientSecret,
    email,
    accessTokens,
    refreshTokens,
    revoked,
    tokenRequests,
    async authorize(authorizeUrl) {
      const res = await fetch(authorizeUrl, { redirect: 'manual' })
      if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`)
      return new URL(res.headers.get('location')!)
    },
    setMode(next) {
      mode = { ...mode, ...next }
    },
    async close() {
      await server.stop(true)
    },
  }
}
