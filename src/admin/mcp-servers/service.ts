import { mcpApprovals } from '../../../db/catalogues/tools'
import type { McpServer } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { headerNames, type McpHeaders, sealHeaders } from '../../mcp/headers'
import { type McpServerValues, mcpServersData } from '../../mcp/mcp-servers-data'
import { probeMcpServer } from '../../mcp/probe'
import { checkServerUrl, McpUrlRefused } from '../../mcp/server-url'
import { forgetMcpTools, rememberMcpTools } from '../../mcp/tool-list-cache'
import {
  type CreateMcpServerBody,
  MAX_HEADER_NAME,
  MAX_HEADER_VALUE,
  MAX_HEADERS,
  MAX_NAME,
  type McpServerJson,
  type UpdateMcpServerBody,
} from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log'>
type Admin = Actor & { email: string }

export const SERVER_NOT_FOUND = 'MCP server not found'

export function toServerJson(ctx: Pick<Ctx, 'config'>, row: McpServer): McpServerJson {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    header_names: headerNames(ctx.config.appSecret, row.headersSealed),
    enabled: row.enabled,
    groups: row.groups,
    approval: row.approval,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

function cleanName(value: string): string {
  const name = value.trim()
  if (!name) throw new AppError('bad_request:name', 'name is required')
  if (name.length > MAX_NAME)
    throw new AppError('bad_request:name', `name must be ${MAX_NAME} characters or less`)
  return name
}

/** The URL as typed (trimmed), once the guard accepts it: private addresses only through FETCH_ALLOWED_HOSTS. */
async function cleanUrl(ctx: Pick<Ctx, 'config'>, value: string): Promise<string> {
  try {
    await checkServerUrl(value, ctx.config.fetchAllowedHosts)
  } catch (error) {
    if (error instanceof McpUrlRefused) throw new AppError('bad_request:url', error.message, { cause: error })
    throw error
  }
  return value.trim()
}

/** An HTTP token (RFC 9110): what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, spaces and tabs, and Latin-1: what fetch sends; never a line break. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
/** Headers the transport sets for the protocol itself: a server's own value would break it. */
const PROTOCOL_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'transfer-encoding',
])

function cleanHeaders(headers: Record<string, string>): McpHeaders {
  const entries = Object.entries(headers)
  if (entries.length > MAX_HEADERS)
    throw new AppError('bad_request:headers', `headers may hold at most ${MAX_HEADERS} headers`)
  const clean: McpHeaders = {}
  const seen = new Set<string>()
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim()
    const value = rawValue.trim()
    if (!name || name.length > MAX_HEADER_NAME || !HEADER_NAME.test(name))
      throw new AppError(
        'bad_request:headers',
        `"${name.slice(0, MAX_HEADER_NAME)}" is not a header name (letters, digits and - _ . only, at most ${MAX_HEADER_NAME})`,
      )
    const lower = name.toLowerCase()
    if (PROTOCOL_HEADERS.has(lower))
      throw new AppError(
        'bad_request:headers',
        `${name} is set by the MCP transport itself and cannot be given`,
      )
    if (seen.has(lower)) throw new AppError('bad_request:headers', `${name} is given twice`)
    seen.add(lower)
    if (value.length > MAX_HEADER_VALUE)
      throw new AppError(
        'bad_request:headers',
        `The value of ${name} must be ${MAX_HEADER_VALUE} characters or less`,
      )
    if (!HEADER_VALUE.test(value))
      throw new AppError('bad_request:headers', `The value of ${name} must be one line of plain text`)
    clean[name] = value
  }
  return clean
}

async function cleanGroups(ctx: Pick<Ctx, 'db'>, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))]
  const wrong = unique.find((id) => !isUuid(id))
  if (wrong !== undefined) throw new AppError('bad_request:groups', `"${wrong}" is not a group id`)
  const found = await mcpServersData(ctx.db).existingGroups(unique)
  const unknown = unique.find((id) => !found.has(id))
  if (unknown !== undefined) throw new AppError('bad_request:groups', `No group has the id ${unknown}`)
  return unique
}

function cleanApproval(value: string): McpServer['approval'] {
  const approval = mcpApprovals.find((item) => item === value)
  if (!approval)
    throw new AppError('bad_request:approval', `approval must be one of ${mcpApprovals.join(', ')}`)
  return approval
}

/** The columns of `body`, each checked; a field left out is left out. */
async function columnsOf(ctx: Ctx, body: UpdateMcpServerBody): Promise<Partial<McpServerValues>> {
  const columns: Partial<McpServerValues> = {}
  if (body.name !== undefined) columns.name = cleanName(body.name)
  if (body.url !== undefined) columns.url = await cleanUrl(ctx, body.url)
  if (body.headers !== undefined)
    columns.headersSealed = sealHeaders(ctx.config.appSecret, cleanHeaders(body.headers))
  if (body.enabled !== undefined) columns.enabled = body.enabled
  if (body.groups !== undefined) columns.groups = await cleanGroups(ctx, body.groups)
  if (body.approval !== undefined) columns.approval = cleanApproval(body.approval)
  return columns
}

async function requireServer(ctx: Pick<Ctx, 'db'>, id: string): Promise<McpServer> {
  const row = isUuid(id) ? await mcpServersData(ctx.db).find(id) : undefined
  if (!row) throw new AppError('not_found:mcp_server', SERVER_NOT_FOUND)
  return row
}

/** What the audit keeps of a server: everything but header values. */
function audited(json: McpServerJson) {
  const { id: _id, created_at: _created, updated_at: _updated, ...rest } = json
  return rest
}

export async function listServers(ctx: Ctx): Promise<{ servers: McpServerJson[] }> {
  return { servers: (await mcpServersData(ctx.db).list()).map((row) => toServerJson(ctx, row)) }
}

/** Registers a server, audited `mcp_server.create` (header names only). */
export async function createServer(
  ctx: Ctx,
  admin: Admin,
  body: CreateMcpServerBody,
  origin: RequestOrigin | null,
): Promise<{ server: McpServerJson }> {
  const columns = await columnsOf(ctx, body)
  const values: McpServerValues = {
    name: columns.name!,
    url: columns.url!,
    headersSealed: columns.headersSealed ?? null,
    enabled: columns.enabled ?? true,
    groups: columns.groups ?? [],
    approval: columns.approval ?? 'destructive',
  }
  const server = await ctx.db.transaction(async (tx) => {
    const row = await mcpServersData(tx).insert(values, ctx.now())
    const json = toServerJson(ctx, row)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      { action: 'mcp_server.create', targetType: 'mcp_server', targetId: row.id, details: audited(json) },
      origin,
    )
    return json
  })
  return { server }
}

/** Changes a server (a field left out stays; `headers` replaces them all), audited `mcp_server.update`. */
export async function updateServer(
  ctx: Ctx,
  admin: Admin,
  id: string,
  body: UpdateMcpServerBody,
  origin: RequestOrigin | null,
): Promise<{ server: McpServerJson }> {
  const before = await requireServer(ctx, id)
  const columns = await columnsOf(ctx, body)
  const server = await ctx.db.transaction(async (tx) => {
    const row = await mcpServersData(tx).update(before.id, columns, ctx.now())
    if (!row) throw new AppError('not_found:mcp_server', SERVER_NOT_FOUND)
    const [old, next] = [audited(toServerJson(ctx, before)), audited(toServerJson(ctx, row))]
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    for (const key of Object.keys(next) as (keyof typeof next)[])
      if (JSON.stringify(old[key]) !== JSON.stringify(next[key]))
        changes[key] = { from: old[key], to: next[key] }
    const headersChanged = columns.headersSealed !== undefined
    if (Object.keys(changes).length > 0 || headersChanged)
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: 'mcp_server.update',
          targetType: 'mcp_server',
          targetId: row.id,
          details: { name: row.name, changes, headersChanged },
        },
        origin,
      )
    return toServerJson(ctx, row)
  })
  forgetMcpTools(ctx, before.id)
  return { server }
}

/** Deletes a server, audited `mcp_server.delete`; chats that had it on simply no longer get it. */
export async function deleteServer(ctx: Ctx, admin: Admin, id: string, origin: RequestOrigin | null) {
  const row = await requireServer(ctx, id)
  await ctx.db.transaction(async (tx) => {
    if (!(await mcpServersData(tx).delete(row.id)))
      throw new AppError('not_found:mcp_server', SERVER_NOT_FOUND)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'mcp_server.delete',
        targetType: 'mcp_server',
        targetId: row.id,
        details: { name: row.name, url: row.url },
      },
      origin,
    )
  })
  forgetMcpTools(ctx, row.id)
}

/** "Test": connects now (not from the cache) and lists the tools, or says why it could not. */
export async function testServer(ctx: Ctx, id: string) {
  const row = await requireServer(ctx, id)
  const listing = await probeMcpServer(ctx, row)
  // What the admin just saw is what the next send offers.
  rememberMcpTools(ctx, row, listing)
  if (!listing.ok) return { ok: false as const, error: listing.error }
  return {
    ok: true as const,
    tools: listing.tools.map((fn) => ({
      name: fn.name,
      description: fn.description,
      destructive: fn.destructive === true,
    })),
  }
}
