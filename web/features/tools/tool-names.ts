import { type BuiltinToolId, builtinToolIds } from '../../../db/catalogues/tools'
import { t } from '../../i18n/i18n'
import '../../i18n/areas/tools'

const isBuiltin = (id: string): id is BuiltinToolId => (builtinToolIds as readonly string[]).includes(id)

/** A tool's name in the person's language: built-in tools by id; an MCP server by the name it was given. */
export function toolName(tool: { id: string; name: string }): string {
  return isBuiltin(tool.id) ? t(`tools.name.${tool.id}`) : tool.name
}

/** What a tool does, in the person's language (an MCP server says it is one). */
export function toolDescription(id: string): string {
  return isBuiltin(id) ? t(`tools.description.${id}`) : t('tools.description.mcp')
}
