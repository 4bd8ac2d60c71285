/**
 * What a write made during support access did, in the audit trail's words. The guard records each
 * such write as `impersonation.write` with the route (`PATCH /api/chats/:id`) and the path it was
 * called on; this turns that into an operation the admin area names ("Renamed a chat") and the kind
 * of thing it acted on with its id (a chat, and which one), never the raw route (decision 145).
 *
 * Every mutating route a support session may call is listed; `writes.test.ts` walks the app's routes
 * so a route added later without its words fails there.
 */

/** The kinds of thing a write acts on; the admin area names each ("Chat 3f2a9c1e"). */
export type SubjectKind =
  | 'chat'
  | 'project'
  | 'prompt'
  | 'knowledge'
  | 'upload'
  | 'research'
  | 'agent'
  | 'profile'
  | 'model'
  | 'image'
  | 'session'

interface WriteMeaning {
  /** Stable code, `<kind>.<verb>`; the client's catalogue has `adminUsers.audit.write.<operation>`. */
  operation: string
  /** null: the write acts on no one thing (a search, a transcription). */
  kind: SubjectKind | null
}

export const WRITE_OPERATIONS = {
  'POST /api/auth/logout': { operation: 'session.sign_out', kind: 'session' },
  'DELETE /api/impersonation': { operation: 'session.stop_support', kind: 'session' },
  'PATCH /api/profile': { operation: 'profile.update', kind: 'profile' },
  'PUT /api/profile/avatar': { operation: 'profile.avatar', kind: 'profile' },
  'DELETE /api/profile/avatar': { operation: 'profile.avatar_remove', kind: 'profile' },
  'POST /api/uploads': { operation: 'upload.create', kind: 'upload' },
  'DELETE /api/uploads/:id': { operation: 'upload.delete', kind: 'upload' },
  'POST /api/chats': { operation: 'chat.create', kind: 'chat' },
  'PATCH /api/chats/:id': { operation: 'chat.update', kind: 'chat' },
  'POST /api/chats/bulk': { operation: 'chat.bulk', kind: null },
  'POST /api/projects': { operation: 'project.create', kind: 'project' },
  'PATCH /api/projects/:id': { operation: 'project.update', kind: 'project' },
  'DELETE /api/projects/:id': { operation: 'project.delete', kind: 'project' },
  'DELETE /api/chats/:id': { operation: 'chat.delete', kind: 'chat' },
  'PATCH /api/chats/:id/config': { operation: 'chat.config', kind: 'chat' },
  'DELETE /api/chats/:id/config': { operation: 'chat.config_reset', kind: 'chat' },
  'POST /api/chats/:id/messages': { operation: 'chat.message', kind: 'chat' },
  'POST /api/chats/:id/stop': { operation: 'chat.stop', kind: 'chat' },
  'POST /api/chats/:id/regenerate': { operation: 'chat.regenerate', kind: 'chat' },
  // The id in these two paths is a message's, which the admin area does not name: no subject.
  'POST /api/messages/:id/edit': { operation: 'chat.edit', kind: null },
  'PUT /api/messages/:id/feedback': { operation: 'chat.feedback', kind: null },
  'POST /api/messages/:id/tool-calls/:callId/approve': { operation: 'chat.tool_approve', kind: null },
  'POST /api/messages/:id/tool-calls/:callId/deny': { operation: 'chat.tool_deny', kind: null },
  'PUT /api/chats/:id/branch': { operation: 'chat.branch', kind: 'chat' },
  'POST /api/chats/:id/fork': { operation: 'chat.fork', kind: 'chat' },
  'POST /api/chat': { operation: 'chat.message', kind: 'chat' },
  'PUT /api/models/preferred': { operation: 'model.preferred', kind: 'model' },
  'POST /api/prompts': { operation: 'prompt.create', kind: 'prompt' },
  'POST /api/prompts/generate': { operation: 'prompt.generate', kind: 'prompt' },
  'PATCH /api/prompts/:id': { operation: 'prompt.update', kind: 'prompt' },
  'DELETE /api/prompts/:id': { operation: 'prompt.delete', kind: 'prompt' },
  'POST /api/prompts/:id/duplicate': { operation: 'prompt.duplicate', kind: 'prompt' },
  'POST /api/prompts/:id/use': { operation: 'prompt.use', kind: 'prompt' },
  'POST /api/generate-image': { operation: 'image.generate', kind: 'image' },
  'POST /api/transcribe': { operation: 'dictation.transcribe', kind: null },
  'POST /api/knowledge': { operation: 'knowledge.create', kind: 'knowledge' },
  'POST /api/knowledge/search': { operation: 'knowledge.search', kind: null },
  'POST /api/knowledge/export-chat': { operation: 'knowledge.export_chat', kind: 'knowledge' },
  'POST /api/knowledge/upload': { operation: 'knowledge.upload', kind: 'knowledge' },
  'PATCH /api/knowledge/:id': { operation: 'knowledge.update', kind: 'knowledge' },
  'DELETE /api/knowledge/:id': { operation: 'knowledge.delete', kind: 'knowledge' },
  'POST /api/knowledge/:id/reindex': { operation: 'knowledge.reindex', kind: 'knowledge' },
  'POST /api/knowledge/:id/cancel': { operation: 'knowledge.cancel', kind: 'knowledge' },
  'PUT /api/agents/calendar/oauth': { operation: 'agent.calendar_oauth', kind: 'agent' },
  'POST /api/agents/calendar/connect': { operation: 'agent.calendar_connect', kind: 'agent' },
  'DELETE /api/agents/calendar/connection': { operation: 'agent.calendar_disconnect', kind: 'agent' },
  'PUT /api/agents/:id/settings': { operation: 'agent.settings', kind: 'agent' },
  'POST /api/research': { operation: 'research.start', kind: 'research' },
  'POST /api/research/:id/cancel': { operation: 'research.cancel', kind: 'research' },
  'POST /api/research/:id/retry': { operation: 'research.retry', kind: 'research' },
} as const satisfies Record<string, WriteMeaning>

export type WriteOperation = (typeof WRITE_OPERATIONS)[keyof typeof WRITE_OPERATIONS]['operation']

/** A write's meaning: its operation, and the thing it acted on (its id when the path names one). */
export interface DescribedWrite {
  operation: WriteOperation | null
  subject: { kind: SubjectKind; id: string | null } | null
}

const NOTHING: DescribedWrite = { operation: null, subject: null }

/**
 * `route` is the entry's target (`PATCH /api/chats/:id`), `path` the path it was called on
 * (`/api/chats/3f2a…`, from the entry's details). A route this list does not know gives nulls: the
 * admin area then says "Made a change as the user" and names the path.
 */
export function describeWrite(route: string | null, path: unknown): DescribedWrite {
  if (!route) return NOTHING
  const meaning = (WRITE_OPERATIONS as Record<string, WriteMeaning>)[route]
  if (!meaning) return NOTHING
  return {
    operation: meaning.operation as WriteOperation,
    subject: meaning.kind && {
      kind: meaning.kind,
      id: typeof path === 'string' ? idInPath(route, path) : null,
    },
  }
}

/** The value of the route's `:id` (or other first parameter) in the path it was called on. */
function idInPath(route: string, path: string): string | null {
  const pattern = route.slice(route.indexOf(' ') + 1).split('/')
  const parts = path.split('?')[0]!.split('/')
  if (pattern.length !== parts.length) return null
  const at = pattern.findIndex((part) => part.startsWith(':'))
  if (at < 0) return null
  try {
    return decodeURIComponent(parts[at]!) || null
  } catch {
    return null
  }
}
