import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// @ts-expect-error oidc-provider ships no type declarations; this file is test code only.
import Provider from 'oidc-provider'

/**
 * A REAL OpenID Provider for tests (issue 29): `oidc-provider` (certified) on 127.0.0.1 with a
 * random port, its development login and consent pages, an in-memory store.
 *
 *   const op = await startOidcProvider({
 *     accounts: [{ sub: 'alice', email: 'alice@example.com', email_verified: true, name: 'Alice', groups: ['staff'] }],
 *     clients: [{ client_id: 'parley', client_secret: 'secret', redirect_uris: [`${appUrl}/api/auth/oidc/env/callback`] }],
 *   })
 *   op.issuer            // 'http://127.0.0.1:<port>' (OIDC_ISSUER; discovery at /.well-known/openid-configuration)
 *   op.setAccount({ sub: 'alice', groups: [] })  // add or change an account (merged by sub)
 *   op.setClient({ client_id, client_secret, redirect_uris })  // add or change a client at run time
 *   await op.close()
 *
 * Signing in at the provider (a browser or a fetch with a cookie jar): the login page has a form
 * with an input named "login" (type the account's `sub`) and a required input named "password"
 * (any text), and a submit button "Sign-in"; then the consent page's form has a submit button
 * "Continue" (and a "[ Cancel ]" link that answers access_denied). `signIn()` does both over HTTP
 * for API tests. Register Parley's callback, `${APP_URL}/api/auth/oidc/env/callback` (or
 * `/oidc/<provider id>/callback` for an administrator's provider), in the client's redirect_uris;
 * `setClient` can add it once the app's URL is known. The ID token carries `email`, `email_verified`, `name`,
 * `given_name`, `family_name` and `groups` (in the `profile` scope, and a `groups` scope), so
 * the default scopes "openid email profile" bring everything.
 */

export interface OidcAccount {
  sub: string
  email?: string
  email_verified?: boolean
  name?: string
  given_name?: string
  family_name?: string
  /** The groups claim (named `groups`); a single string is sent as is. */
  groups?: string[] | string
}

export interface OidcClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
  /** Default client_secret_post (openid-client's default). */
  token_endpoint_auth_method?: string
}

export interface OidcProviderOptions {
  accounts?: OidcAccount[]
  clients?: OidcClient[]
  /** The ID token's lifetime in seconds (default 3600). */
  idTokenTtl?: number
}

export interface FakeOidcProvider {
  /** The issuer, e.g. http://127.0.0.1:43123 (no trailing slash). */
  issuer: string
  /** The same as `issuer` (the base to build page URLs from). */
  url: string
  setAccount(account: OidcAccount): void
  setClient(client: OidcClient): void
  /**
   * Follows an authorization URL as a browser would, signing in as `login` (an account's sub)
   * and consenting: answers the redirect back to the client (its URL, with `code` and `state`).
   * `cookies` keeps the provider's session between calls (pass the same Map to sign in again
   * without the login page). `deny: true` presses the abort link instead of consenting.
   */
  signIn(
    authorizationUrl: string,
    login: string,
    options?: { cookies?: Map<string, string>; deny?: boolean },
  ): Promise<URL>
  close(): Promise<void>
}

type Payload = Record<string, unknown> & {
  grantId?: string
  uid?: string
  userCode?: string
  consumed?: number
}

/** A Map-backed adapter (oidc-provider's own in-memory one is process-wide); clients come from `clients`. */
function adapterFactory(clients: Map<string, OidcClient>) {
  const store = new Map<string, Payload>()
  return (model: string) => ({
    async upsert(id: string, payload: Payload) {
      store.set(`${model}:${id}`, payload)
      if (payload.uid) store.set(`uid:${payload.uid}`, { id })
    },
    async find(id: string) {
      if (model === 'Client') {
        const client = clients.get(id)
        // Parley's openid-client sends the secret in the body (its default, client_secret_post).
        return client ? { token_endpoint_auth_method: 'client_secret_post', ...client } : undefined
      }
      return store.get(`${model}:${id}`)
    },
    async findByUid(uid: string) {
      const ref = store.get(`uid:${uid}`)
      return ref ? store.get(`${model}:${ref.id as string}`) : undefined
    },
    async findByUserCode() {
      return undefined
    },
    async consume(id: string) {
      const payload = store.get(`${model}:${id}`)
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    },
    async destroy(id: string) {
      store.delete(`${model}:${id}`)
    },
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key)
    },
  })
}

let quieted = 0
const original = { warn: console.warn, info: console.info }

/** Drops console lines that start with "oidc-provider " while any fake provider runs. */
function quietProviderNotices() {
  if (quieted++ === 0) {
    const filter =
      (write: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return
        write(...args)
      }
    console.warn = filter(original.warn)
    console.info = filter(original.info)
  }
  let restored = false
  return {
    restore() {
      if (restored) return
      restored = true
      if (--quieted === 0) {
        console.warn = original.warn
        console.info = original.info
      }
    },
  }
}

export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<FakeOidcProvider> {
  const accounts = new Map<string, OidcAccount>()
  for (const account of options.accounts ?? []) accounts.set(account.sub, { ...account })
  const clients = new Map<string, OidcClient>()
  for (const client of options.clients ?? []) clients.set(client.client_id, client)

  // oidc-provider's start-up advice (development keys, interactions, runtime) is for real deployments: quiet here.
  const quiet = quietProviderNotices()
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider = new Provider(issuer, {
    adapter: adapterFactory(clients),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
      groups: ['groups'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'groups'],
    // Put the scope's claims in the ID token too (Parley reads the ID token first).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: {
      IdToken: options.idTokenTtl ?? 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    cookies: { keys: ['parley-test-oidc-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id)
      if (!account) return undefined
      return {
        accountId: id,
        async claims() {
          const current = accounts.get(id) ?? account
          const claims: Record<string, unknown> = { sub: current.sub }
          for (const key of [
            'email',
            'email_verified',
            'name',
            'given_name',
            'family_name',
            'groups',
          ] as const)
            if (current[key] !== undefined) claims[key] = current[key]
          return claims
        },
      }
    },
  })
  // Quiet: a refused request (a test's hostile case) is expected here.
  provider.on('server_error', () => {})
  server.on('request', provider.callback())

  const signIn: FakeOidcProvider['signIn'] = async (authorizationUrl, login, signInOptions = {}) => {
    const jar = signInOptions.cookies ?? new Map<string, string>()
    const send = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
      const response = await fetch(url, { ...init, headers, redirect: 'manual' })
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const at = pair!.indexOf('=')
        const name = pair!.slice(0, at)
        const value = pair!.slice(at + 1)
        if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') jar.delete(name)
        else jar.set(name, value)
      }
      return response
    }
    let url = authorizationUrl
    for (let hop = 0; hop < 12; hop++) {
      const response = await send(url)
      if (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get('location')!, url)
        if (!next.href.startsWith(issuer)) return next
        url = next.href
        continue
      }
      const html = await response.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1]
      if (!action || !prompt)
        throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`)
      if (prompt === 'consent' && signInOptions.deny) {
        url = new URL(action.replace(/\/?$/, '/abort'), issuer).href
        continue
      }
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
      const posted = await send(new URL(action, issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
      if (posted.status < 300 || posted.status >= 400)
        throw new Error(`provider form answered ${posted.status}`)
      url = new URL(posted.headers.get('location')!, url).href
    }
    throw new Error('too many redirects at the provider')
  }

  return {
    issuer,
    url: issuer,
    setAccount(account) {
      accounts.set(account.sub, { ...accounts.get(account.sub), ...account })
    },
    setClient(client) {
      clients.set(client.client_id, client)
    },
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        quiet.restore()
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
