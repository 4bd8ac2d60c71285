import { EmbeddedVersionError } from '../db/embedded-version'
import { MigrationFailedError } from './backups/before-migrate'
import { CLI_COMMANDS } from './cli/names'
import { ConfigError, loadConfig, resolveAppSecret } from './config'
import { createLogger } from './log/logger'
import { surviveLateSocketResets } from './process/late-socket-resets'
import { startServer } from './server'

// `parley healthcheck` (used by the Docker HEALTHCHECK): exit 0 when this instance answers.
if (process.argv[2] === 'healthcheck') {
  const port = process.env.PORT ?? '3000'
  const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
    .then((res) => res.ok)
    .catch(() => false)
  process.exit(ok ? 0 : 1)
}

// `parley backup`, `parley restore FILE` and the other CLI commands (src/cli): the binary is the CLI too.
if (CLI_COMMANDS.includes(process.argv[2] ?? '')) {
  await import('./cli/index')
  await new Promise(() => {}) // the CLI exits the process when done
}

try {
  const config = resolveAppSecret(loadConfig())
  surviveLateSocketResets(createLogger(config.logLevel))
  const server = await startServer(config)
  const shutdown = async () => {
    await server.stop()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof MigrationFailedError ||
    error instanceof EmbeddedVersionError
  ) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
