import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { McpApproval } from '../../../../db/catalogues/tools'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminMcp'

/** A registered MCP server as the admin list shows it (header values are never sent back). */
export interface McpServer {
  id: string
  name: string
  url: string
  header_names: string[]
  enabled: boolean
  /** Group ids it is on for; empty: everyone. */
  groups: string[]
  approval: McpApproval
  created_at: string | Date
  updated_at: string | Date
}

export interface NewMcpServer {
  name: string
  url: string
  headers?: Record<string, string>
  enabled?: boolean
  groups?: string[]
  approval?: McpApproval
}

/** A partial change; `headers`, when given, replaces them all (absent: the stored ones stay). */
export type McpServerChange = Partial<NewMcpServer>

/** What "Test" found: the server's tools, or why it could not be reached. */
export type McpTestResult =
  | { ok: true; tools: { name: string; description: string; destructive: boolean }[] }
  | { ok: false; error: string }

export const mcpServersQuery = queryOptions({
  queryKey: ['admin', 'mcp-servers'],
  queryFn: async (): Promise<McpServer[]> => {
    const { data, error } = await api.admin['mcp-servers'].get()
    if (error) throw apiFailure(error, t('adminMcp.loadFailed'))
    return data.data.servers
  },
})

/** The list with `saved` in place of its old copy, or added at the end. */
export function putServer(list: McpServer[] | undefined, saved: McpServer): McpServer[] | undefined {
  if (!list) return list
  return list.some((server) => server.id === saved.id)
    ? list.map((server) => (server.id === saved.id ? saved : server))
    : [...list, saved]
}

/** The person's tools menu lists MCP servers: it is read again after every change here. */
export function toolsChanged(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['tools'] })
}

export async function createMcpServer(body: NewMcpServer): Promise<McpServer> {
  const { data, error } = await api.admin['mcp-servers'].post(body)
  if (error) throw apiFailure(error, t('adminMcp.saveFailed'))
  return data.data.server
}

export async function updateMcpServer(id: string, change: McpServerChange): Promise<McpServer> {
  const { data, error } = await api.admin['mcp-servers']({ id }).patch(change)
  if (error) throw apiFailure(error, t('adminMcp.saveFailed'))
  return data.data.server
}

export async function deleteMcpServer(id: string): Promise<void> {
  const { error } = await api.admin['mcp-servers']({ id }).delete()
  if (error) throw apiFailure(error, t('adminMcp.deleteFailed'))
}

export async function testMcpServer(id: string): Promise<McpTestResult> {
  const { data, error } = await api.admin['mcp-servers']({ id }).test.post()
  if (error) throw apiFailure(error, t('adminMcp.test.error'))
  return data.data
}
