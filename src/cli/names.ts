/**
 * The CLI's commands, for the compiled binary's entry (src/index.ts): `parley <command>` runs the
 * CLI instead of the server. Kept apart so that the server's start does not load the CLI.
 */
export const CLI_COMMANDS: readonly string[] = [
  'create-user',
  'reset-password',
  'set-role',
  'backup',
  'restore',
  'help',
]
