import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { openPostgres } from '../../db/client'
import { migrate } from '../../db/migrate'
import { openDatabase } from '../../db/open-database'
import { users } from '../../db/schema'
import { INVALID_EMAIL, isValidEmail } from '../auth/model'
import { assertPasswordPolicy, hashPassword } from '../auth/passwords'
import { createAccount, findUserByEmail } from '../auth/service'
import { invalidateUserSessions } from '../auth/session'
import { loadConfig } from '../config'
import type { Env } from '../config/parse'
import { isAppError } from '../http/errors'

export const USAGE = `Usage: bun run cli <command> [options]

Commands:
  create-user --email <e> --password <p> [--name <n>] [--admin]
      Creates an account (confirmed). Without --admin it is a user, unless it is the first account.
  reset-password --email <e> --password <p>
      Sets a new password and signs the account out everywhere.
  set-role --email <e> --role admin|user
      Makes an account an administrator, or a user again.

The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
With the embedded database, stop the server first: only one process may open it.

Exit codes: 0 done, 1 failed (e.g. no such account), 2 wrong usage.`

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

class UsageError extends Error {}

/** Runs one CLI command against the configured database; answers the process exit code. */
export async function runCli(argv: string[], env: Env, io: CliIo): Promise<number> {
  let command: ReturnType<typeof parseCommand>
  try {
    command = parseCommand(argv)
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return EXIT.usage
  }
  if (command.name === 'help') {
    io.out(USAGE)
    return EXIT.ok
  }

  const config = loadConfig(env)
  const database = await openDatabase(config)
  try {
    // Migrations take a lock on one connection (see src/server.ts); the CLI does the same.
    const migrator = config.databaseUrl ? openPostgres(config.databaseUrl, { max: 1 }) : database
    await migrate(migrator)
    if (migrator !== database) await migrator.close()

    const db = database.db
    switch (command.name) {
      case 'create-user': {
        const user = await createAccount(db, config.passwordHash, {
          email: command.email,
          password: command.password,
          fullName: command.fullName,
          role: command.admin ? 'admin' : undefined,
          confirmed: true,
        })
        io.out(`Created ${user.role} ${user.email} (${user.id})`)
        return EXIT.ok
      }
      case 'reset-password': {
        const user = await findUserByEmail(db, command.email)
        if (!user) return fail(io, `No account with the email ${command.email}`)
        assertPasswordPolicy(command.password)
        const passwordHash = await hashPassword(command.password, config.passwordHash)
        await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id))
        await invalidateUserSessions(db, user.id)
        io.out(`Password of ${user.email} reset; its sessions were ended`)
        return EXIT.ok
      }
      case 'set-role': {
        const user = await findUserByEmail(db, command.email)
        if (!user) return fail(io, `No account with the email ${command.email}`)
        await db.update(users).set({ role: command.role, updatedAt: new Date() }).where(eq(users.id, user.id))
        io.out(`${user.email} is now ${command.role}`)
        return EXIT.ok
      }
    }
  } catch (error) {
    if (isAppError(error)) return fail(io, error.message)
    throw error
  } finally {
    await database.close()
  }
}

function fail(io: CliIo, message: string): number {
  io.err(message)
  return EXIT.failed
}

function parseCommand(argv: string[]) {
  const [name, ...rest] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h')
    return { name: 'help' as const }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      role: { type: 'string' },
    },
    strict: true,
  })
  const required = (option: 'email' | 'password' | 'role') => {
    const value = values[option]
    if (!value) throw new UsageError(`${name} needs --${option}`)
    return value
  }
  const email = () => {
    const value = required('email').trim()
    if (!isValidEmail(value)) throw new UsageError(INVALID_EMAIL)
    return value
  }
  switch (name) {
    case 'create-user':
      return {
        name,
        email: email(),
        password: required('password'),
        fullName: values.name ?? '',
        admin: values.admin ?? false,
      }
    case 'reset-password':
      return { name, email: email(), password: required('password') }
    case 'set-role': {
      const wanted = required('role')
      const role = (['admin', 'user'] as const).find((known) => known === wanted)
      if (!role) throw new UsageError('--role must be admin or user')
      return { name, email: email(), role }
    }
    default:
      throw new UsageError(`Unknown command: ${name}`)
  }
}
