import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createLogger } from '../log/logger'
import { startApp, TEST_ORIGIN, type TestApp } from '../test/harness'

let t: TestApp
const lines: string[] = []

beforeAll(async () => {
  t = await startApp()
  // Capture exactly what the structured logger writes.
  t.ctx.log = createLogger('info', (line) => lines.push(line))
  Object.assign(
    t.ctx.log,
    createLogger('info', (line) => lines.push(line)),
  )
})
afterAll(() => t.close())

async function settle() {
  await Bun.sleep(20)
}

test('each request logs one JSON line with method, path, status, duration and user id', async () => {
  const user = await t.createUser()
  lines.length = 0
  await t.request('/api/profile', { headers: user.headers })
  await settle()
  const entry = lines.map((line) => JSON.parse(line)).find((log) => log.msg === 'request')
  expect(entry).toMatchObject({ method: 'GET', path: '/api/profile', status: 200, userId: user.id })
  expect(typeof entry.durationMs).toBe('number')
})

test('error responses are logged with their real status', async () => {
  lines.length = 0
  await t.request('/api/nowhere')
  await settle()
  expect(lines.map((line) => JSON.parse(line)).find((log) => log.msg === 'request')).toMatchObject({
    path: '/api/nowhere',
    status: 404,
  })
})

test('no password, token or body ever reaches the log', async () => {
  const password = 'correct-horse-battery-staple'
  lines.length = 0
  const signup = await t.request('/api/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email: 'logged@example.com', password, fullName: 'Logged User' }),
  })
  // The token travels only in the httpOnly cookie to a page (src/auth/index.ts).
  const token = (signup.headers.get('set-cookie') ?? '').split(';')[0]!.split('=')[1]!
  expect(token).toHaveLength(32)
  await t.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email: 'logged@example.com', password }),
  })
  await settle()
  const everything = lines.join('\n')
  expect(lines.length).toBeGreaterThan(0)
  expect(everything).not.toContain(password)
  expect(everything).not.toContain(token)
})
