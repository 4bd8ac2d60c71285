import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(() => t.close())

describe('API reference at /api/docs', () => {
  test('loads scripts and styles from our origin only, under a CSP that says so', async () => {
    const res = await t.request('/api/docs')
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toMatch(/https?:/)
    const html = await res.text()
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1]!,
    )
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) expect(source).toMatch(/^\/api\/docs\//)
    // No inline script either: the CSP would block it, and nothing may load from elsewhere.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/cdn|jsdelivr|unpkg/i)
  })

  test('its script and stylesheet are served from our origin', async () => {
    const script = await t.request('/api/docs/assets/reference.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('javascript')
    expect(await script.text()).toContain('dataset.spec')
    const style = await t.request('/api/docs/assets/reference.css')
    expect(style.status).toBe(200)
    expect(style.headers.get('content-type')).toContain('text/css')
  })

  test('the OpenAPI document lists the API routes', async () => {
    const res = await t.request('/api/docs/json')
    expect(res.status).toBe(200)
    const spec = (await res.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(spec.openapi).toMatch(/^3\./)
    expect(Object.keys(spec.paths)).toContain('/api/chats')
    expect(Object.keys(spec.paths)).not.toContain('/api/docs/assets/reference.js')
  })
})
