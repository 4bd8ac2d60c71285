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

  test('BACKUP_BEFORE_MIGRATE is on unless turned off, and refuses a value that is not a boolean', () => {
    expect(loadConfig({}).backupBeforeMigrate).toBe(true)
    expect(loadConfig({ BACKUP_BEFORE_MIGRATE: 'false' }).backupBeforeMigrate).toBe(false)
    expect(loadConfig({ BACKUP_BEFORE_MIGRATE: 'on' }).backupBeforeMigrate).toBe(true)
    expect(failure({ BACKUP_BEFORE_MIGRATE: 'sometimes' }).message).toContain('BACKUP_BEFORE_MIGRATE')
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

  test('FETCH_ALLOWED_HOSTS takes host (any port) and host:port (that port), IPv6 in brackets', () => {
    expect(
      loadConfig({
        FETCH_ALLOWED_HOSTS:
          'Intranet.Local, 10.0.0.5:8080,[::1],[0:0::1]:8443 ,wiki.internal:80,search_engine,127.1:3000',
      }).fetchAllowedHosts,
    ).toEqual([
      { host: 'intranet.local', port: null },
      { host: '10.0.0.5', port: 8080 },
      { host: '::1', port: null },
      { host: '::1', port: 8443 },
      { host: 'wiki.internal', port: 80 },
      { host: 'search_engine', port: null },
      { host: '127.0.0.1', port: 3000 },
    ])
    expect(loadConfig({}).fetchAllowedHosts).toEqual([])
  })

  test.each([
    ['::1', 'brackets'],
    ['fe80::1:8080', 'brackets'],
    ['[::1', 'not a host'],
    ['[intranet.local]:80', 'IPv6'],
    ['intranet.local:', 'port'],
    ['intranet.local:0', 'port'],
    ['intranet.local:65536', 'port'],
    ['intranet.local:http', 'port'],
    ['[::1]:99999', 'port'],
    ['http://intranet.local', 'not a host'],
    ['intranet.local/wiki', 'not a host'],
    ['user@intranet.local', 'not a host'],
    ['*.internal', 'not a host'],
  ])('a malformed FETCH_ALLOWED_HOSTS entry (%s) stops start-up naming the variable', (entry, says) => {
    const error = failure({ FETCH_ALLOWED_HOSTS: `ok.example,${entry}` })
    expect(error.variable).toBe('FETCH_ALLOWED_HOSTS')
    expect(error.message).toContain('FETCH_ALLOWED_HOSTS')
    expect(error.message).toContain(entry)
    expect(error.message).toContain(says)
  })

  test('EMBEDDING_TIMEOUT_MS is its own time limit, 30 s by default whatever AI_TIMEOUT_MS says', () => {
    expect(loadConfig({}).ai.embeddingTimeoutMs).toBe(30_000)
    expect(loadConfig({ AI_TIMEOUT_MS: '600000' }).ai.embeddingTimeoutMs).toBe(30_000)
    expect(loadConfig({ EMBEDDING_TIMEOUT_MS: '5000' }).ai.embeddingTimeoutMs).toBe(5000)
    for (const value of ['500', 'soon', '-1']) {
      expect(failure({ EMBEDDING_TIMEOUT_MS: value }).variable).toBe('EMBEDDING_TIMEOUT_MS')
    }
  })

  test('OIDC_*: off without an issuer; with one, the client id and secret are required; defaults', () => {
    expect(loadConfig({}).oidc).toBeNull()
    expect(loadConfig({}).passwordSignIn).toBe(true)
    expect(loadConfig({ PASSWORD_SIGN_IN: 'false' }).passwordSignIn).toBe(false)
    expect(failure({ PASSWORD_SIGN_IN: 'maybe' }).variable).toBe('PASSWORD_SIGN_IN')
    expect(failure({ OIDC_ISSUER: 'https://login.example.com' }).variable).toBe('OIDC_CLIENT_ID')
    expect(failure({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'id' }).variable).toBe(
      'OIDC_CLIENT_SECRET',
    )
    expect(failure({ OIDC_ISSUER: 'ftp://login.example.com' }).variable).toBe('OIDC_ISSUER')
    const base = {
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    }
    expect(loadConfig(base).oidc).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'id',
      clientSecret: 'secret',
      label: 'Single sign-on',
      scopes: 'openid email profile',
      groupsClaim: null,
      adminGroups: [],
    })
    expect(
      loadConfig({ ...base, OIDC_LABEL: 'Okta', OIDC_GROUPS_CLAIM: 'groups', OIDC_ADMIN_GROUPS: 'a, b ,,c' })
        .oidc,
    ).toMatchObject({ label: 'Okta', groupsClaim: 'groups', adminGroups: ['a', 'b', 'c'] })
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
