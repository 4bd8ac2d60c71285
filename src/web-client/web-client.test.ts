import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { loadConfig } from '../config'
import { webClient } from '.'

const dir = join(tmpdir(), `parley-web-${crypto.randomUUID()}`)
const config = loadConfig({ DATA_DIR: dir, BRAND_LOGO_URL: 'https://cdn.example.com/logo.png' })
const app = new Elysia()
  .get('/api/health', () => ({ ok: true }))
  .use(webClient({ config }, { dir: join(dir, 'build') }))
const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }))

beforeAll(async () => {
  await mkdir(join(dir, 'build', 'assets'), { recursive: true })
  await Bun.write(join(dir, 'build', 'index.html'), '<!doctype html><div id="root"></div>')
  await Bun.write(join(dir, 'build', 'assets', 'index-abc123.js'), 'console.log("hi");'.repeat(50))
  await Bun.write(join(dir, 'secret.txt'), 'outside the build folder')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('web client serving', () => {
  test('index.html is revalidated on every visit and carries a strict CSP and nosniff', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com")
    expect(csp).toContain("connect-src 'self' ws: wss:")
  })

  test('client routes fall back to index.html (SPA)', async () => {
    const res = await get('/auth/reset-password?token=x')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<div id="root">')
  })

  test('hashed assets are cached forever and gzipped when the browser accepts it', async () => {
    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-type')).toContain('javascript')
    expect(await plain.text()).toStartWith('console.log')
    const zipped = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    const body = new Uint8Array(await zipped.arrayBuffer())
    expect(new TextDecoder().decode(Bun.gunzipSync(body))).toStartWith('console.log')
  })

  test('a missing asset is a 404, not the HTML page', async () => {
    const res = await get('/assets/missing-123.js')
    expect(res.status).toBe(404)
  })

  test('paths cannot escape the build folder', async () => {
    const res = await get('/assets/..%2F..%2Fsecret.txt')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('outside')
  })

  test('unknown API paths keep the JSON error shape; API routes still win', async () => {
    const res = await get('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, error: 'Not found', code: 'not_found' })
    expect(await (await get('/api/health')).json()).toEqual({ ok: true })
  })
})

describe('web client not built', () => {
  test('answers 503 telling how to build it', async () => {
    const bare = new Elysia().use(webClient({ config }, { dir: join(dir, 'nothing-here') }))
    const res = await bare.handle(new Request('http://localhost/'))
    expect(res.status).toBe(503)
    expect(await res.text()).toContain('bun run build:web')
  })
})
