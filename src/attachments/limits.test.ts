import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startApp({ UPLOAD_MAX_FILE_BYTES: '2048', UPLOAD_MAX_FILES: '3' })
}, 60_000)
afterAll(() => t?.close())

describe('GET /api/uploads/limits', () => {
  test('answers the configured bytes per file and files per message', async () => {
    const user = await t.createUser()
    const res = await t.request('/api/uploads/limits', { headers: user.headers })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { maxFileBytes: 2048, maxFiles: 3 } })
  })

  test('without a session it is 401', async () => {
    const res = await t.request('/api/uploads/limits')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ success: false, error: 'No active session', code: 'unauthorized' })
  })
})
