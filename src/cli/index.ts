import { EmbeddedVersionError } from '../../db/embedded-version'
import { ConfigError } from '../config'
import { EXIT, runCli } from './commands'

/** `bun run cli <command>`: account administration for headless set-ups (see USAGE in ./commands). */
try {
  const code = await runCli(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
  process.exit(code)
} catch (error) {
  // A refusal that explains itself: its message, not a stack.
  console.error(error instanceof ConfigError || error instanceof EmbeddedVersionError ? error.message : error)
  process.exit(EXIT.failed)
}
