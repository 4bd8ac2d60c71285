import type { Logger } from '../log/logger'

/**
 * A read ECONNRESET that reached no listener. Bun's node:net sometimes emits it on a socket after
 * the socket's owner stopped listening (postgres.js, when the embedded database's process was
 * killed and the connection closed; decisions 139 and 195). Nobody is left to tell: its owner has
 * already seen the connection close and reconnects.
 */
export function isLateSocketReset(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown }
  return error instanceof Error && code === 'ECONNRESET' && syscall === 'read'
}

/**
 * The server's process survives a late socket reset instead of stopping (an unhandled 'error' event
 * is an uncaught exception): it is logged and dropped. Every other uncaught exception still ends the
 * process with code 1, printed as before. Installed by the server's entry only (src/index.ts), not
 * by `startServer`: a test runner hosting a server keeps its own handling.
 */
export function surviveLateSocketResets(log: Pick<Logger, 'warn'>): void {
  process.on('uncaughtException', (error) => {
    if (isLateSocketReset(error)) {
      log.warn('a socket was reset after its owner stopped listening', { error: error.message })
      return
    }
    console.error(error)
    process.exit(1)
  })
}
