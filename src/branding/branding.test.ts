import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../test/harness'

let plain: TestApp
let branded: TestApp
beforeAll(async () => {
  plain = await startApp()
  branded = await startApp({
    BRAND_COMPANY_NAME: 'Acme Corp',
    BRAND_PRODUCT_NAME: 'Acme Assist',
    BRAND_TAGLINE: 'Answers for Acme',
    BRAND_LOGO_URL: 'https://cdn.example.com/logo.png',
    BRAND_LOGIN_BACKGROUND_URL: '/brand/bg.jpg',
    BRAND_PRIMARY_COLOR: '#112233',
    BRAND_SECONDARY_COLOR: '#445566',
  })
}, 60_000)
afterAll(async () => {
  await plain?.close()
  await branded?.close()
})

describe('GET /api/branding', () => {
  test('without BRAND_* settings answers the defaults and fallback colours, without a session', async () => {
    const res = await plain.request('/api/branding')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      success: true,
      data: {
        companyName: 'Parley',
        productName: 'Parley',
        tagline: 'Your team’s AI assistant',
        logoUrl: null,
        loginBackgroundUrl: null,
        primaryColor: '#a855f7',
        secondaryColor: '#ec4899',
      },
    })
  })

  test('with BRAND_* settings answers the configured brand', async () => {
    const { data, error } = await branded.api.api.branding.get()
    expect(error).toBeNull()
    expect(data).toEqual({
      success: true,
      data: {
        companyName: 'Acme Corp',
        productName: 'Acme Assist',
        tagline: 'Answers for Acme',
        logoUrl: 'https://cdn.example.com/logo.png',
        loginBackgroundUrl: '/brand/bg.jpg',
        primaryColor: '#112233',
        secondaryColor: '#445566',
      },
    })
  })
})
