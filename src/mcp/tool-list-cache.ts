import type { Db } from '../../db/client'
import type { McpServer } from '../../db/schema'
import type { AppContext } from '../context'
import { type McpListing, probeMcpServer } from './probe'

/**
 * Each server's tool list, kept for a while so a send offering its tools does not connect to list
 * them again: a server is only connected to when the model calls one of its tools. A failure is
 * kept for less time, so a server back up is offered again soon.
 *
 * The key holds the row's `updated_at`: an administrator's change on any instance makes a new key
 * here at the next read of the row (the old entry ages out); the instance that made the change also
 * forgets it at once (`forgetMcpTools`). One cache per database handle, as group policies do
 * (src/groups/policy.ts): the app's handle lives as long as the app.
 */
export const MCP_TOOLS_TTL_MS = 60_000
export const MCP_FAILURE_TTL_MS = 15_000
const MAX_ENTRIES = 500

interface Entry {
  serverId: string
  listing: Promise<McpListing>
  readAt: number
  /** Set once the listing settles: how long the entry is trusted then. */
  ttlMs: number
}

const caches = new WeakMap<Db, Map<string, Entry>>()

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  return cache
}

const keyOf = (server: Pick<McpServer, 'id' | 'updatedAt'>) => `${server.id}@${server.updatedAt.getTime()}`

/** The server's tools (or why they could not be listed), from this instance's copy when it is fresh. */
export function cachedMcpTools(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  server: Pick<McpServer, 'id' | 'name' | 'url' | 'headersSealed' | 'updatedAt'>,
): Promise<McpListing> {
  const cache = cacheOf(ctx.db)
  const key = keyOf(server)
  const found = cache.get(key)
  // performance.now(), not ctx.now(): tests move the app's clock, not the caches'.
  if (found && performance.now() - found.readAt < found.ttlMs) return found.listing
  const listing = probeMcpServer(ctx, server)
  // While the listing runs, every send shares it.
  const entry: Entry = { serverId: server.id, listing, readAt: performance.now(), ttlMs: MCP_TOOLS_TTL_MS }
  void listing.then((result) => {
    entry.ttlMs = result.ok ? MCP_TOOLS_TTL_MS : MCP_FAILURE_TTL_MS
  })
  // An older version of the row (before an edit elsewhere) is dead weight now.
  forgetMcpTools(ctx, server.id)
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  cache.set(key, entry)
  return entry.listing
}

/** Keeps a listing just made (the admin's Test) as the server's current one. */
export function rememberMcpTools(
  ctx: Pick<AppContext, 'db'>,
  server: Pick<McpServer, 'id' | 'updatedAt'>,
  listing: McpListing,
): void {
  forgetMcpTools(ctx, server.id)
  cacheOf(ctx.db).set(keyOf(server), {
    serverId: server.id,
    listing: Promise.resolve(listing),
    readAt: performance.now(),
    ttlMs: listing.ok ? MCP_TOOLS_TTL_MS : MCP_FAILURE_TTL_MS,
  })
}

/** After a server changed or was deleted on this instance: its copies go. */
export function forgetMcpTools(ctx: Pick<AppContext, 'db'>, serverId: string): void {
  const cache = cacheOf(ctx.db)
  for (const [key, entry] of cache) if (entry.serverId === serverId) cache.delete(key)
}
