import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(() => t.close())

describe('GET /api/health', () => {
  test('reports ok, the database kind and the version', async () => {
    const res = await t.request('/api/health')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ ok: true, db: t.database.kind, version: expect.any(String) })
    expect(typeof body.vector).toBe('boolean')
  })
})

describe('unknown routes and bad input', () => {
  test('an unknown API route answers 404 in the error shape', async () => {
    const res = await t.request('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, error: 'Not found', code: 'not_found' })
  })

  test('an oversized JSON body is refused with 413 before it is read', async () => {
    const res = await t.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) },
      body: 'x',
    })
    expect(res.status).toBe(413)
  })
})
