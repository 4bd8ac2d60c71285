import type { TestApp } from './harness'

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the tests
export type Loose = any

/**
 * A request as a person's client makes it (JSON body, their session header), answered with its
 * status, the body parsed loosely (null when it is not JSON), the raw text and the headers.
 */
export async function callJson(
  t: Pick<TestApp, 'request'>,
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Loose; text: string; headers: Headers }> {
  const res = await t.request(path, {
    method,
    headers: { ...user?.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Loose = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, body: json, text, headers: res.headers }
}
