/**
 * A backup or restore that cannot go on, with a message meant for the person at the terminal.
 * `code` picks the CLI's exit code (src/cli/commands.ts) and lets tests tell the refusals apart.
 */
export class BackupError extends Error {
  constructor(
    readonly code:
      | 'usage'
      | 'not-empty'
      | 'corrupted'
      | 'wrong-passphrase'
      | 'needs-passphrase'
      | 'wrong-kind'
      | 'newer-version'
      | 'disk-full'
      | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'BackupError'
  }
}

export const isBackupError = (error: unknown): error is BackupError => error instanceof BackupError
