import { readOutbox } from '../mail/outbox'
import { TEST_ORIGIN, type TestApp } from './harness'

/** Sends a JSON request the way a browser on our own origin would. */
export function sendJson(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return t.request(path, {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export async function expectError(response: Response, status: number, error: string): Promise<void> {
  const body = await response.json()
  if (response.status !== status || body.success !== false || body.error !== error) {
    throw new Error(`expected ${status} "${error}", got ${response.status} ${JSON.stringify(body)}`)
  }
}

/** The `token` of the newest mailed link to `to` whose path is `path` (read from the outbox). */
export async function linkTokenFromOutbox(t: TestApp, to: string, path: string): Promise<string> {
  const mails = (await readOutbox(t.ctx.config.dataDir)).filter((mail) => mail.to === to)
  const text = mails.at(-1)?.text ?? ''
  const link = text.match(new RegExp(`${t.ctx.config.appUrl}${path}\\?token=([a-z2-7]+)`))
  if (!link) throw new Error(`no ${path} link mailed to ${to}; outbox: ${JSON.stringify(mails)}`)
  return link[1]!
}

export function cookieOf(response: Response): string {
  const header = response.headers.get('set-cookie') ?? ''
  return header.split(';')[0] ?? ''
}
