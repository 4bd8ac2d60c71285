/**
 * What the app tells the embedded database process it spawns (db/embedded/process.ts): the compiled
 * binary's entry runs as that process, not as the app, when CHILD_SOCKET_ENV is set.
 */
export const CHILD_SOCKET_ENV = 'PARLEY_EMBEDDED_DB_SOCKET'
export const CHILD_DATA_ENV = 'PARLEY_EMBEDDED_DB_DATA'
export const CHILD_TEMPLATE_ENV = 'PARLEY_EMBEDDED_DB_TEMPLATE'
