/**
 * What the app tells the embedded database process it spawns (db/embedded/process.ts): the compiled
 * binary's entry runs as that process, not as the app, when CHILD_SOCKET_ENV is set.
 */
export const CHILD_SOCKET_ENV = 'PARLEY_EMBEDDED_DB_SOCKET'
export const CHILD_DATA_ENV = 'PARLEY_EMBEDDED_DB_DATA'
export const CHILD_TEMPLATE_ENV = 'PARLEY_EMBEDDED_DB_TEMPLATE'
/**
 * How a connection to the database process that asks for PGlite's dump instead of speaking the
 * Postgres protocol begins: `PARLEY-DUMP <absolute path>\n`, the file to write it to (a backup:
 * src/backups/embedded-dump.ts, docs/decisions/159).
 */
export const DUMP_REQUEST = 'PARLEY-DUMP '
