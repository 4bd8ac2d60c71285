-- @socket.io/postgres-adapter keeps payloads over NOTIFY's 8 kB limit in this table. Its schema is
-- the adapter's documented one, written by hand rather than declared in db/schema: the app never
-- queries it, and drizzle-kit would name the unique constraint differently. "if not exists"
-- because before this migration src/realtime/server.ts created it at start-up on Postgres servers.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id          bigserial UNIQUE,
    created_at  timestamptz DEFAULT NOW(),
    payload     bytea
);
