import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig, resolveAppSecret } from '.'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected the configuration to be refused')
}

describe('loadConfig', () => {
  test('zero configuration gives the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toEndWith('/data')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.brand.primaryColor).toBe('#a855f7')
    expect(config.brand.secondaryColor).toBe('#ec4899')
    expect(config.ai.embeddingModel).toBe('text-embedding-3-small')
    expect(config.ai.embeddingDimensions).toBe(1536)
    expect(config.budget.alertThreshold).toBe(80)
    expect(config.requireEmailConfirmation).toBe(false)
    expect(config.orgTimeZone).toBe('UTC')
  })

  test('ORG_TIME_ZONE takes an IANA zone, in its canonical spelling', () => {
    expect(loadConfig({ ORG_TIME_ZONE: 'Europe/Paris' }).orgTimeZone).toBe('Europe/Paris')
    expect(loadConfig({ ORG_TIME_ZONE: 'america/los_angeles' }).orgTimeZone).toBe('America/Los_Angeles')
  })

  test.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['APP_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['REQUIRE_EMAIL_CONFIRMATION', 'maybe'],
    ['BRAND_PRIMARY_COLOR', 'purple'],
    ['BUDGET_DAILY_LIMIT', '-5'],
    ['BUDGET_ALERT_THRESHOLD', '150'],
    ['OPENAI_BASE_URL', 'ftp://models.example.com'],
    ['ORG_TIME_ZONE', 'Mars/Olympus_Mons'],
    ['ORG_TIME_ZONE', '+01:00'],
  ])('a bad %s (%s) stops start-up with a message naming it', (name, value) => {
    const error = failure({ [name]: value })
    expect(error.variable).toBe(name)
    expect(error.message).toContain(name)
  })

  test('S3 settings must be complete', () => {
    expect(failure({ S3_BUCKET: 'files' }).variable).toBe('S3_ACCESS_KEY_ID')
    expect(failure({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }).variable).toBe('S3_SECRET_ACCESS_KEY')
  })
})

describe('resolveAppSecret', () => {
  test('generates a secret into DATA_DIR on first start and reuses it after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-config-'))
    dirs.push(dataDir)
    const first = resolveAppSecret(loadConfig({ DATA_DIR: dataDir }))
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32)
    expect(await readFile(join(dataDir, 'app-secret'), 'utf8')).toBe(first.appSecret)
    expect((await stat(join(dataDir, 'app-secret'))).mode & 0o777).toBe(0o600)
    const second = resolveAppSecret(loadConfig({ DATA_DIR: dataDir }))
    expect(second.appSecret).toBe(first.appSecret)
  })

  test('an explicit APP_SECRET wins, and a short one is refused', () => {
    const secret = 'x'.repeat(40)
    expect(resolveAppSecret(loadConfig({ APP_SECRET: secret })).appSecret).toBe(secret)
    expect(() => resolveAppSecret(loadConfig({ APP_SECRET: 'short' }))).toThrow('APP_SECRET')
  })
})
