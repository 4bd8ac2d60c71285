/**
 * MCP servers as chat tools (issue 30, point 8): administrators register Streamable HTTP servers
 * (src/admin/mcp-servers), and each becomes the chat tool `mcp:<serverId>` for the people its groups
 * allow. Connections go through the official SDK's client, every request under the URL guard that
 * research fetches use.
 */
export { listMcpToolsFor, type McpToolsEntry, mcpToolSource } from './tool-source'
