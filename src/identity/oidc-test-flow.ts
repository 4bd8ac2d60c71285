import { expect } from 'bun:test'
import type { FakeOidcProvider } from '../test/fakes/oidc-provider'
import type { TestApp } from '../test/harness'

/** The value of a Set-Cookie of `response` named `name` (undefined when not set; '' when cleared). */
export function setCookie(response: Response, name: string): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';')
    if (pair!.startsWith(`${name}=`)) return pair!.slice(name.length + 1)
  }
  return undefined
}

/** `/login?signInError=<code>` → code; anything else → the location itself. */
export function signInError(response: Response): string | null {
  expect(response.status).toBe(302)
  const location = response.headers.get('location') ?? ''
  return location.startsWith('/login?signInError=') ? location.slice('/login?signInError='.length) : null
}

export interface Started {
  response: Response
  /** The provider's authorization URL. */
  location: string
  /** The parley_oidc cookie's value (the state). */
  state: string
}

export async function startSignIn(t: TestApp, providerId = 'env', query = ''): Promise<Started> {
  const response = await t.request(`/api/auth/oidc/${providerId}/start${query}`)
  expect(response.status).toBe(302)
  const state = setCookie(response, 'parley_oidc') ?? ''
  return { response, location: response.headers.get('location') ?? '', state }
}

/** Parley's callback as the browser follows the provider's redirect back (its cookie unless `cookie` says otherwise). */
export function callback(t: TestApp, back: URL, cookie?: string) {
  return t.request(back.pathname + back.search, cookie ? { headers: { cookie } } : {})
}

/**
 * The whole flow as a browser with a cookie jar does it: start, the provider's login and consent,
 * the callback. Answers the callback's response and the session cookie it set (if any).
 */
export async function signInThrough(
  t: TestApp,
  op: FakeOidcProvider,
  login: string,
  options: { providerId?: string; query?: string; opCookies?: Map<string, string> } = {},
) {
  const started = await startSignIn(t, options.providerId, options.query)
  const back = await op.signIn(started.location, login, { cookies: options.opCookies })
  const response = await callback(t, back, `parley_oidc=${started.state}`)
  return { response, session: setCookie(response, 'parley_session'), back, started }
}

/** GET /api/auth/me with a session cookie. */
export async function me(t: TestApp, session: string) {
  const response = await t.request('/api/auth/me', { headers: { cookie: `parley_session=${session}` } })
  return {
    status: response.status,
    body: (await response.json()) as { data?: { user: { email: string; role: string } } },
  }
}
