import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * compose.yaml (issue 33, point 7; docs/decisions/160-installs.md). No image can be pulled here, so
 * the file is checked as written: by `docker compose config` (or Debian's `docker-compose`) when
 * one is installed, which resolves it as Compose would, and always by reading it against what
 * Parley reads (src/config), what the Dockerfile builds and what .env.example provides.
 */

const root = join(import.meta.dir, '..', '..')
const read = (file: string) => Bun.file(join(root, file)).text()

interface Service {
  image?: string
  build?: string | { context: string }
  profiles?: string[]
  environment?: Record<string, string>
  volumes?: string[]
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
  entrypoint?: string[]
  restart?: string
}
interface Compose {
  services: Record<string, Service>
  volumes: Record<string, unknown>
}

const compose = Bun.YAML.parse(await read('compose.yaml')) as Compose
const services = compose.services
const parleyEnv = services.parley?.environment ?? {}

/** The README's first line of "Run with Docker Compose": .env from .env.example, secrets filled. */
async function readmeEnvLine(): Promise<string> {
  const readme = await read('README.md')
  const section = readme.slice(readme.indexOf('## Run with Docker Compose'))
  const line = section.match(/```sh\n(.+)\n/)?.[1]
  if (!line) throw new Error('README: no command block under "Run with Docker Compose"')
  return line
}

describe('compose.yaml, as written', () => {
  test('brings up Parley, Postgres with pgvector, MinIO with its bucket, Mailpit; Redis and SearXNG as profiles', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['mailpit', 'minio', 'minio-bucket', 'parley', 'postgres', 'redis', 'searxng'].sort(),
    )
    expect(services.postgres!.image).toStartWith('pgvector/pgvector:pg')
    expect(services.minio!.image).toStartWith('minio/minio')
    expect(services.mailpit!.image).toStartWith('axllent/mailpit')
    expect(services.redis!.profiles).toEqual(['redis'])
    expect(services.searxng!.profiles).toEqual(['searxng'])
    // Only the optional two are behind a profile: a plain `up` starts everything else.
    for (const name of ['parley', 'postgres', 'minio', 'minio-bucket', 'mailpit'])
      expect(services[name]!.profiles).toBeUndefined()
    // The bucket is made by a one-shot `mc` that leaves an existing bucket be.
    expect(services['minio-bucket']!.image).toStartWith('minio/mc')
    expect(services['minio-bucket']!.entrypoint?.join(' ')).toContain('mc mb --ignore-existing')
    expect(services['minio-bucket']!.restart).toBe('no')
  })

  test('every long-running service has a health check, and Parley starts once its dependencies are ready', () => {
    const unchecked = Object.entries(services)
      .filter(([name, service]) => name !== 'minio-bucket' && (service.healthcheck?.test.length ?? 0) < 2)
      .map(([name]) => name)
    expect(unchecked).toEqual([])
    expect(services.parley!.healthcheck!.test).toEqual(['CMD', '/usr/local/bin/parley', 'healthcheck'])
    expect(services.parley!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
      mailpit: { condition: 'service_healthy' },
    })
  })

  test('data lives in named volumes, each one declared', () => {
    const used = Object.values(services).flatMap((service) =>
      (service.volumes ?? [])
        .map((volume) => volume.split(':')[0]!)
        .filter((source) => !source.startsWith('.')),
    )
    expect(used.sort()).toEqual(['minio-data', 'parley-data', 'postgres-data', 'redis-data'])
    expect(Object.keys(compose.volumes).sort()).toEqual(used.sort())
    expect(services.parley!.volumes).toContain('parley-data:/data')
    expect(services.postgres!.volumes).toContain('postgres-data:/var/lib/postgresql/data')
  })

  test('Parley gets the database, S3, SMTP and APP_SECRET, and every name it is given is one src/config reads', async () => {
    for (const name of [
      'DATABASE_URL',
      'APP_SECRET',
      'APP_URL',
      'SMTP_URL',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'REDIS_URL',
      'SEARXNG_URL',
    ])
      expect(Object.keys(parleyEnv)).toContain(name)
    const config = await read('src/config/index.ts')
    const unknown = Object.keys(parleyEnv).filter((name) => !config.includes(`'${name}'`))
    expect(unknown).toEqual([])
    expect(parleyEnv.DATABASE_URL).toStartWith('postgres://parley:')
    expect(parleyEnv.DATABASE_URL).toEndWith('@postgres:5432/parley')
    expect(parleyEnv.S3_ENDPOINT).toBe('http://minio:9000')
    expect(parleyEnv.SMTP_URL).toBe('smtp://mailpit:1025')
    // A missing secret stops Compose before anything starts, naming what to set.
    expect(parleyEnv.APP_SECRET).toMatch(/^\$\{APP_SECRET:\?.+\}$/)
  })

  test('Parley is built from the Dockerfile, on the Bun version package.json pins', async () => {
    expect(services.parley!.build).toBe('.')
    const engines = (JSON.parse(await read('package.json')) as { engines: { bun: string } }).engines.bun
    expect(await read('Dockerfile')).toContain(`FROM oven/bun:${engines} AS build`)
    // The local .env (secrets) never goes into the image.
    expect((await read('.dockerignore')).split('\n')).toContain('.env')
  })

  test('.env.example names every variable compose.yaml requires, and a generated value for each secret', async () => {
    const text = await read('compose.yaml')
    const required = [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]!))]
    expect(required.sort()).toEqual(['APP_SECRET', 'MINIO_ROOT_PASSWORD', 'POSTGRES_PASSWORD'])
    const example = await read('.env.example')
    for (const name of [...required, 'SEARXNG_SECRET']) expect(example).toContain(`\n${name}=generate\n`)
  })
})

const hasShellTools = Bun.which('awk') !== null && Bun.which('openssl') !== null

test.skipIf(!hasShellTools)(
  "the README's first line writes an .env with a fresh random value for every secret",
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-env-'))
    try {
      await Bun.write(join(dir, '.env.example'), Bun.file(join(root, '.env.example')))
      const line = await readmeEnvLine()
      const run = Bun.spawnSync(['sh', '-c', line], { cwd: dir, stderr: 'pipe' })
      expect(run.stderr.toString()).toBe('')
      const env = await Bun.file(join(dir, '.env')).text()
      expect(env).not.toContain('=generate')
      const secrets = ['APP_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD', 'SEARXNG_SECRET'].map(
        (name) => env.match(new RegExp(`^${name}=([0-9a-f]{64})$`, 'm'))?.[1],
      )
      expect(secrets.every(Boolean)).toBe(true)
      expect(new Set(secrets).size).toBe(secrets.length)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
)

/** `docker compose` (the plugin) or `docker-compose` (Debian's package), whichever runs. */
function composeCommand(): string[] | null {
  const plugin = Bun.which('docker')
  if (plugin && Bun.spawnSync([plugin, 'compose', 'version'], { stdout: 'ignore', stderr: 'ignore' }).success)
    return [plugin, 'compose']
  const standalone = Bun.which('docker-compose')
  return standalone ? [standalone] : null
}
const cli = composeCommand()

describe.skipIf(!cli)(`${cli?.join(' ') ?? 'docker compose'} config`, () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-compose-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  /** Runs `config` on the repository's compose.yaml with `envFile` and nothing from this process's env. */
  async function config(envFile: string, extra: string[] = []) {
    const file = join(dir, `${crypto.randomUUID()}.env`)
    await Bun.write(file, envFile)
    const run = Bun.spawnSync(
      [
        ...cli!,
        '--project-directory',
        root,
        '-f',
        join(root, 'compose.yaml'),
        '--env-file',
        file,
        ...extra,
        'config',
      ],
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: dir }, stdout: 'pipe', stderr: 'pipe' },
    )
    return { ok: run.success, stdout: run.stdout.toString(), stderr: run.stderr.toString() }
  }
  const filled = async () => (await read('.env.example')).replaceAll('=generate\n', `=${'a1'.repeat(32)}\n`)

  test('accepts the file with an .env made from .env.example, and resolves Parley’s settings', async () => {
    const result = await config(await filled())
    expect(result.stderr).not.toContain('ERROR')
    expect(result.ok).toBe(true)
    const resolved = Bun.YAML.parse(result.stdout) as Compose
    // `docker compose` leaves the profiles' services out; docker-compose 1.29 lists them, profiles kept.
    const started = Object.entries(resolved.services).filter(([, service]) => !service.profiles?.length)
    expect(started.map(([name]) => name).sort()).toEqual([
      'mailpit',
      'minio',
      'minio-bucket',
      'parley',
      'postgres',
    ])
    for (const name of ['redis', 'searxng'])
      if (resolved.services[name]) expect(resolved.services[name]!.profiles).toEqual([name])
    const env = resolved.services.parley!.environment!
    expect(env.APP_SECRET).toBe('a1'.repeat(32))
    expect(env.DATABASE_URL).toBe(`postgres://parley:${'a1'.repeat(32)}@postgres:5432/parley`)
  })

  test('the profiles add Redis and SearXNG', async () => {
    const result = await config(await filled(), ['--profile', 'redis', '--profile', 'searxng'])
    expect(result.ok).toBe(true)
    const resolved = Bun.YAML.parse(result.stdout) as Compose
    expect(Object.keys(resolved.services)).toContain('redis')
    expect(Object.keys(resolved.services)).toContain('searxng')
  })

  test('refuses to go on without APP_SECRET, naming it', async () => {
    const withoutSecret = (await filled()).replace(/^APP_SECRET=.*\n/m, '')
    const result = await config(withoutSecret)
    expect(result.ok).toBe(false)
    expect(result.stderr).toContain('APP_SECRET')
  })
})
