import { FileSearch, Globe, ImagePlus, type LucideIcon, Server, SquareTerminal, Wrench } from 'lucide-react'

const BUILTIN_ICONS: Record<string, LucideIcon> = {
  'web-search': Globe,
  'file-search': FileSearch,
  'image-generation': ImagePlus,
  'code-interpreter': SquareTerminal,
}

/** A tool's icon: its own for a built-in tool, a server for an MCP server. */
export function toolIcon(id: string): LucideIcon {
  if (id.startsWith('mcp:')) return Server
  return BUILTIN_ICONS[id] ?? Wrench
}
