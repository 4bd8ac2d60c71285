import { afterAll, describe, expect, test } from 'bun:test'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { openPglite } from '../../db/client'
import { users } from '../../db/schema'

const dataDir = `/tmp/parley-cli-test-${crypto.randomUUID()}`
afterAll(() => rm(dataDir, { recursive: true, force: true }))

/** Runs `bun src/cli/index.ts` as a user would, on the embedded database in a temp DATA_DIR. */
async function cli(...args: string[]) {
  return cliWith({}, ...args)
}

async function cliWith(extraEnv: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn(['bun', join(import.meta.dir, 'index.ts'), ...args], {
    env: {
      ...extraEnv,
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

async function readUsers() {
  const database = await openPglite(join(dataDir, 'pg'))
  try {
    return await database.db.select().from(users)
  } finally {
    await database.close()
  }
}

describe('bun run cli: usage', () => {
  test('without a command prints the usage and succeeds', async () => {
    const { stdout, code } = await cli()
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: bun run cli <command>')
    expect(stdout).toContain('create-user --email <e> --password <p> [--name <n>] [--admin]')
  })

  test.each([
    [['frobnicate'], 'Unknown command: frobnicate'],
    [['create-user', '--email', 'a@example.com'], 'create-user needs --password'],
    [
      ['create-user', '--email', 'not-an-email', '--password', 'secret123'],
      'Please enter a valid email address',
    ],
    [['set-role', '--email', 'a@example.com', '--role', 'owner'], '--role must be admin or user'],
    [
      ['reset-password', '--email', 'a@example.com', '--password', 'x', '--force'],
      "Unknown option '--force'",
    ],
  ])('%j exits 2 with "%s" and the usage', async (args, message) => {
    const { stderr, code } = await cli(...args)
    expect(code).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toContain('Usage: bun run cli')
  })
})

describe('bun run cli: accounts', () => {
  test('create-user, set-role and reset-password work on the server database', async () => {
    const first = await cli(
      'create-user',
      '--email',
      'Root@Example.com',
      '--password',
      'rootpass1',
      '--name',
      'Root',
    )
    expect(first).toMatchObject({ code: 0 })
    expect(first.stdout).toContain('Created admin Root@Example.com')

    const second = await cli('create-user', '--email', 'bob@example.com', '--password', 'bobpass1')
    expect(second.stdout).toContain('Created user bob@example.com')
    const third = await cli(
      'create-user',
      '--email',
      'carol@example.com',
      '--password',
      'carolpass',
      '--admin',
    )
    expect(third.stdout).toContain('Created admin carol@example.com')

    const duplicate = await cli('create-user', '--email', 'root@example.com', '--password', 'whatever1')
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr).toContain('An account with this email already exists')
    const short = await cli('create-user', '--email', 'dan@example.com', '--password', '123')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('Password must be at least 6 characters long')

    expect((await cli('set-role', '--email', 'BOB@example.com', '--role', 'admin')).code).toBe(0)
    expect((await cli('set-role', '--email', 'carol@example.com', '--role', 'user')).code).toBe(0)
    const missing = await cli('set-role', '--email', 'nobody@example.com', '--role', 'admin')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('No account with the email nobody@example.com')

    expect(
      (await cli('reset-password', '--email', 'root@example.com', '--password', 'newrootpass')).code,
    ).toBe(0)
    expect(
      (await cli('reset-password', '--email', 'ghost@example.com', '--password', 'newrootpass')).code,
    ).toBe(1)

    const rows = await readUsers()
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]))
    expect(Object.keys(byEmail).sort()).toEqual(['Root@Example.com', 'bob@example.com', 'carol@example.com'])
    expect(byEmail['Root@Example.com']!.role).toBe('admin')
    expect(byEmail['Root@Example.com']!.fullName).toBe('Root')
    expect(byEmail['Root@Example.com']!.emailConfirmedAt).not.toBeNull()
    expect(byEmail['bob@example.com']!.role).toBe('admin')
    expect(byEmail['carol@example.com']!.role).toBe('user')
    expect(await Bun.password.verify('newrootpass', byEmail['Root@Example.com']!.passwordHash!)).toBe(true)
    expect(await Bun.password.verify('bobpass1', byEmail['bob@example.com']!.passwordHash!)).toBe(true)
  }, 180_000)
})

describe('bun run cli: the break-glass path with password sign-in off', () => {
  test('reset-password works and says the password needs password sign-in; sign-in --password on turns it on', async () => {
    const off = { PASSWORD_SIGN_IN: 'false' }
    await cliWith(off, 'create-user', '--email', 'glass@example.com', '--password', 'glasspass1')
    const reset = await cliWith(
      off,
      'reset-password',
      '--email',
      'glass@example.com',
      '--password',
      'newglass1',
    )
    expect(reset.code).toBe(0)
    expect(reset.stdout).toContain(
      'Password sign-in is off for the web; this password works once it is turned back on: bun run cli sign-in --password on',
    )
    const on = await cliWith(off, 'sign-in', '--password', 'on')
    expect(on).toMatchObject({ code: 0 })
    expect(on.stdout).toContain('Password sign-in on the web is now on')
    const again = await cliWith(
      off,
      'reset-password',
      '--email',
      'glass@example.com',
      '--password',
      'newglass2',
    )
    expect(again.stdout).not.toContain('Password sign-in is off')
    const back = await cliWith(off, 'sign-in', '--password', 'default')
    expect(back.stdout).toContain('Password sign-in on the web is now off (from PASSWORD_SIGN_IN)')
    const wrong = await cliWith(off, 'sign-in', '--password', 'maybe')
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('--password must be on, off or default')
  }, 180_000)
})
