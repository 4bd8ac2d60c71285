import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { openPostgres } from '../../db/client'
import { openDatabase } from '../../db/open-database'
import { users } from '../../db/schema'
import { adminSignInData } from '../admin/sign-in/sign-in-data'
import { INVALID_EMAIL, isValidEmail } from '../auth/model'
import { assertPasswordPolicy, hashPassword } from '../auth/passwords'
import { createAccount, findUserByEmail } from '../auth/service'
import { invalidateUserSessions } from '../auth/session'
import { backupsFolder, createBackup } from '../backups/backup'
import { MigrationFailedError, migrateWithBackup } from '../backups/before-migrate'
import { backupDestination } from '../backups/destination'
import { isBackupError } from '../backups/errors'
import { restoreBackup } from '../backups/restore'
import { loadConfig } from '../config'
import type { Env } from '../config/parse'
import { isAppError } from '../http/errors'
import { readSignInSettings } from '../identity/sign-in-settings'
import { createStorage } from '../storage'

export const USAGE = `Usage: bun run cli <command> [options]

Commands:
  create-user --email <e> --password <p> [--name <n>] [--admin]
      Creates an account (confirmed). Without --admin it is a user, unless it is the first account.
  reset-password --email <e> --password <p>
      Sets a new password and signs the account out everywhere. Works while password sign-in is
      off (the break-glass path when the identity provider fails); the password is then usable on
      the web once password sign-in is on again (sign-in --password on).
  sign-in --password on|off|default
      Turns password sign-in on the web on or off, whatever PASSWORD_SIGN_IN says, or (default)
      leaves it to PASSWORD_SIGN_IN again. The same setting as Admin › Sign-in.
  set-role --email <e> --role admin|user
      Makes an account an administrator, or a user again.
  backup [--out <file>] [--include-secret --passphrase <p>]
      Writes one archive of the database, every stored file and a manifest, while the server may
      keep serving; default DATA_DIR/backups/parley-<time>.tar.gz, or the S3 bucket's backups/
      when S3_BUCKET is set (--out always writes a local file). --include-secret adds APP_SECRET
      and seals the archive with the passphrase (or PARLEY_BACKUP_PASSPHRASE).
  restore <file> [--passphrase <p>]
      Restores an archive into an empty DATA_DIR (embedded) or the empty database DATABASE_URL
      names, and an empty file store, after checking every checksum. Sessions are not restored.
      The file is local: download an archive from the bucket first (Admin › Backups › Download).

The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
With the embedded database, stop the server first for the account commands: only one process may
open it (backup is the exception: it asks the running server's database process for a dump).

Exit codes: 0 done, 1 failed (e.g. no such account, a full disk), 2 wrong usage, 3 refused (a
restore into a target that is not empty, a corrupted archive, a wrong passphrase).`

export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3 } as const

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
  if (command.name === 'backup' || command.name === 'restore')
    return runBackupCommand(command, config, env, io)
  const database = await openDatabase(config)
  try {
    // Migrations take a lock on one connection (see src/server.ts); the CLI does the same, and
    // backs the database up first as the server does.
    const migrator = config.databaseUrl ? openPostgres(config.databaseUrl, { max: 1 }) : database
    await migrateWithBackup({ config, database, migrator, storage: createStorage(config) }).finally(
      async () => {
        if (migrator !== database) await migrator.close()
      },
    )

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
        if (!(await readSignInSettings(db, config)).password)
          io.out(
            'Password sign-in is off for the web; this password works once it is turned back on: bun run cli sign-in --password on',
          )
        return EXIT.ok
      }
      case 'sign-in': {
        await adminSignInData(db).updateSignIn({ passwordSignIn: command.password }, new Date())
        const settings = await readSignInSettings(db, config)
        const source = settings.passwordFromEnvironment ? ' (from PASSWORD_SIGN_IN)' : ''
        io.out(`Password sign-in on the web is now ${settings.password ? 'on' : 'off'}${source}`)
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
    if (isAppError(error) || error instanceof MigrationFailedError) return fail(io, error.message)
    throw error
  } finally {
    await database.close()
  }
}

async function runBackupCommand(
  command: Extract<ReturnType<typeof parseCommand>, { name: 'backup' | 'restore' }>,
  config: ReturnType<typeof loadConfig>,
  env: Env,
  io: CliIo,
): Promise<number> {
  const passphrase = command.passphrase ?? env.PARLEY_BACKUP_PASSPHRASE ?? undefined
  const storage = createStorage(config)
  try {
    if (command.name === 'backup') {
      if (command.includeSecret && !passphrase)
        return usage(
          io,
          '--include-secret needs --passphrase (or PARLEY_BACKUP_PASSPHRASE): the archive is then sealed',
        )
      const started = performance.now()
      const { path, size, manifest } = await createBackup({
        config,
        storage,
        out: command.out ? resolve(command.out) : undefined,
        destination: backupDestination(backupsFolder(config.dataDir), config.s3),
        includeSecret: command.includeSecret,
        passphrase: command.includeSecret ? passphrase : undefined,
      })
      const rows = Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0)
      io.out(
        `Backup written: ${path} (${formatBytes(size)}, ${rows} rows, ${manifest.files} files, ${Math.round(performance.now() - started)} ms${manifest.secret ? ', sealed with the app secret' : ''})`,
      )
      return EXIT.ok
    }
    const manifest = await restoreBackup({
      config,
      storage,
      file: resolve(command.file),
      passphrase,
      note: (line) => io.out(line),
    })
    io.out(
      `Restored ${command.file} (Parley ${manifest.parleyVersion}, ${manifest.createdAt}, migration ${manifest.database.migration}, ${manifest.files} files). Everyone signs in again.`,
    )
    return EXIT.ok
  } catch (error) {
    if (!isBackupError(error)) throw error
    io.err(error.message)
    if (error.code === 'usage') return EXIT.usage
    return error.code === 'failed' || error.code === 'disk-full' ? EXIT.failed : EXIT.refused
  }
}

function usage(io: CliIo, message: string): number {
  io.err(`${message}\n\n${USAGE}`)
  return EXIT.usage
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

function fail(io: CliIo, message: string): number {
  io.err(message)
  return EXIT.failed
}

function parseCommand(argv: string[]) {
  const [name, ...rest] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h')
    return { name: 'help' as const }
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      role: { type: 'string' },
      out: { type: 'string' },
      'include-secret': { type: 'boolean' },
      passphrase: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  })
  if (name !== 'restore' && positionals.length)
    throw new UsageError(`${name} takes no argument ${positionals[0]}`)
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
    case 'sign-in': {
      const wanted = required('password')
      const choices = { on: true, off: false, default: null } as const
      if (!(wanted in choices)) throw new UsageError('--password must be on, off or default')
      return { name, password: choices[wanted as keyof typeof choices] }
    }
    case 'set-role': {
      const wanted = required('role')
      const role = (['admin', 'user'] as const).find((known) => known === wanted)
      if (!role) throw new UsageError('--role must be admin or user')
      return { name, email: email(), role }
    }
    case 'backup':
      return {
        name,
        out: values.out,
        includeSecret: values['include-secret'] ?? false,
        passphrase: values.passphrase,
      }
    case 'restore': {
      const [file, ...extra] = positionals
      if (!file) throw new UsageError('restore needs the archive: restore <file>')
      if (extra.length) throw new UsageError(`restore takes one archive, not ${positionals.length}`)
      return { name, file, passphrase: values.passphrase }
    }
    default:
      throw new UsageError(`Unknown command: ${name}`)
  }
}
