import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { LOCALES } from '../../web/i18n/locales'
import { offlinePage } from '../../web/pwa/offline-page'
import { OFFLINE_TEXTS } from '../../web/pwa/offline-texts'
import { isNeverCached, isShellFile } from '../../web/pwa/shell-paths'
import { loadConfig } from '../config'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { webClient } from '.'
import { renderBrandIcon } from './icon'

/**
 * Parley as an installable app (issue 33, point 8; docs/decisions/160-installs.md): the manifest
 * and icons follow the brand, the service worker and offline page are served from the build and
 * always revalidated, and the worker's rules keep people's data out of its cache. Chromium's own
 * verdict (installable, offline page, no API answer from the cache): web/e2e/pwa.test.ts.
 */

const dir = join(tmpdir(), `parley-pwa-${crypto.randomUUID()}`)
const config = loadConfig({
  DATA_DIR: dir,
  BRAND_PRODUCT_NAME: 'Acme Assist',
  BRAND_PRIMARY_COLOR: '#112233',
})
const client = new Elysia().use(webClient({ config }, { dir: join(dir, 'build') }))
const get = (path: string) => client.handle(new Request(`http://localhost${path}`))

interface Manifest {
  name: string
  short_name: string
  start_url: string
  display: string
  theme_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

beforeAll(async () => {
  await mkdir(join(dir, 'build'), { recursive: true })
  await Bun.write(join(dir, 'build', 'index.html'), '<!doctype html><div id="root"></div>')
  await Bun.write(join(dir, 'build', 'sw.js'), 'var PARLEY_SHELL={};')
  await Bun.write(join(dir, 'build', 'offline.html'), offlinePage())
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the web app manifest', () => {
  test("carries the brand's name and colour, a standalone display and PNG icons of 192 and 512 pixels", async () => {
    const res = await get('/manifest.webmanifest')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('application/manifest+json')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const manifest = (await res.json()) as Manifest
    expect(manifest).toMatchObject({
      name: 'Acme Assist',
      short_name: 'Acme Assist',
      start_url: '/',
      display: 'standalone',
      theme_color: '#112233',
    })
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    for (const icon of manifest.icons) {
      const png = await get(icon.src)
      expect(png.status).toBe(200)
      expect(png.headers.get('content-type')).toBe('image/png')
      const { width, height, format } = await new Bun.Image(
        new Uint8Array(await png.arrayBuffer()),
      ).metadata()
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`)
    }
  })

  test('an icon name it does not list is a 404', async () => {
    expect((await get('/icons/icon-1024.png')).status).toBe(404)
    expect((await get('/icons/')).status).toBe(404)
  })

  test("the drawn icon is the brand's gradient behind a white glyph", () => {
    const png = renderBrandIcon(192, '#112233', '#445566')
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
    // Different colours, different icon; the same colours, the same bytes.
    expect(renderBrandIcon(192, '#112233', '#445566')).toEqual(png)
    expect(renderBrandIcon(192, '#ff0000', '#445566')).not.toEqual(png)
  })
})

describe('the service worker and the offline page', () => {
  test('are served from the build, revalidated on every visit (a new build is seen at once)', async () => {
    for (const [path, type] of [
      ['/sw.js', 'javascript'],
      ['/offline.html', 'text/html'],
    ] as const) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain(type)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    }
  })

  test('a new build under the same name is served at once, gzipped or not', async () => {
    const gzipped = async () => {
      const res = await client.handle(
        new Request('http://localhost/sw.js', { headers: { 'accept-encoding': 'gzip' } }),
      )
      expect(res.headers.get('content-encoding')).toBe('gzip')
      return new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))
    }
    expect(await gzipped()).toBe('var PARLEY_SHELL={};')
    await Bun.write(join(dir, 'build', 'sw.js'), 'var PARLEY_SHELL={"version":"next"};')
    expect(await gzipped()).toBe('var PARLEY_SHELL={"version":"next"};')
    expect(await (await get('/sw.js')).text()).toBe('var PARLEY_SHELL={"version":"next"};')
  })

  test('missing from the build, they are a 404, not the app', async () => {
    const res = await get('/offline.js')
    expect(res.status).toBe(404)
  })

  test('the offline page speaks the six languages, English until its script picks one, with no inline script', () => {
    const html = offlinePage()
    for (const locale of LOCALES) {
      expect(html).toContain(`<main lang="${locale}"`)
      expect(html).toContain(OFFLINE_TEXTS[locale].title)
    }
    expect(html.match(/<main [^>]*hidden>/g)?.length).toBe(LOCALES.length - 1)
    expect(html).not.toMatch(/<main lang="en"[^>]*hidden/)
    expect(html).toContain('<script src="/offline.js" defer></script>')
    expect(html).not.toMatch(/<script>[^<]/)
  })

  test("the worker's cache holds the build's files only: never the API, files, images or the socket", () => {
    for (const path of [
      '/assets/index-abc.js',
      '/assets/index-abc.css',
      '/icons/icon-192.png',
      '/offline.html',
    ])
      expect({ path, shell: isShellFile(path) }).toEqual({ path, shell: true })
    for (const path of [
      '/api/chats',
      '/api/files/123',
      '/api/images/123',
      '/api/avatars/u/a.png',
      '/api/branding/logo',
      '/api',
      '/socket.io/',
      '/socket.io',
      '/c/123',
      '/',
    ]) {
      expect({ path, shell: isShellFile(path) }).toEqual({ path, shell: false })
    }
    for (const path of ['/api/chats', '/api', '/socket.io/?EIO=4']) expect(isNeverCached(path)).toBe(true)
    expect(isNeverCached('/apiary')).toBe(false)
  })
})

describe('the brand an administrator sets', () => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await startApp()
    admin = await t.createUser({ role: 'admin' })
  }, 60_000)
  afterAll(() => t.close())

  const manifest = async () => (await (await t.request('/manifest.webmanifest')).json()) as Manifest
  const icon = async (src: string) => new Uint8Array(await (await t.request(src)).arrayBuffer())

  test('renames the installed app and recolours its icons; a square uploaded logo becomes the icon', async () => {
    const before = await manifest()
    const drawn = await icon(before.icons[0]!.src)
    const patched = await t
      .as(admin)
      .api.admin.branding.patch({ productName: 'Helpdesk', primaryColor: '#0f766e' })
    expect(patched.status).toBe(200)
    const renamed = await manifest()
    expect(renamed).toMatchObject({ name: 'Helpdesk', theme_color: '#0f766e' })
    expect(renamed.icons[0]!.src).not.toBe(before.icons[0]!.src)
    const recoloured = await icon(renamed.icons[0]!.src)
    expect(recoloured).not.toEqual(drawn)

    const logo = await new Bun.Image(renderBrandIcon(300, '#000000', '#ffffff')).png().bytes()
    const form = new FormData()
    form.set('file', new Blob([logo as BlobPart], { type: 'image/png' }), 'logo.png')
    const uploaded = await t.request('/api/admin/branding/logo', {
      method: 'PUT',
      headers: admin.headers,
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const withLogo = await manifest()
    expect(withLogo.icons[1]!.src).not.toBe(renamed.icons[1]!.src)
    const fromLogo = await icon(withLogo.icons[1]!.src)
    expect(await new Bun.Image(fromLogo).metadata()).toMatchObject({ width: 512, height: 512, format: 'png' })
    // Not the drawn mark: the logo, resized.
    expect(fromLogo).not.toEqual(renderBrandIcon(512, '#0f766e', '#ec4899'))
    expect(recoloured).toEqual(renderBrandIcon(192, '#0f766e', '#ec4899'))
  })

  test('a logo too far from square keeps the drawn icon', async () => {
    const wide = await new Bun.Image(renderBrandIcon(400, '#000000', '#ffffff'))
      .resize(400, 200, { fit: 'fill' })
      .png()
      .bytes()
    const form = new FormData()
    form.set('file', new Blob([wide as BlobPart], { type: 'image/png' }), 'wide.png')
    const uploaded = await t.request('/api/admin/branding/logo', {
      method: 'PUT',
      headers: admin.headers,
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const { icons, theme_color } = await manifest()
    const served = await icon(icons[0]!.src)
    const brand = (await (await t.request('/api/branding')).json()) as { data: { secondaryColor: string } }
    expect(served).toEqual(renderBrandIcon(192, theme_color, brand.data.secondaryColor))
  })
})
