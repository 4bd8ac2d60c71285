import type { Failure } from '../../db/catalogues/failures'
import type { StoredToolCall } from '../../db/catalogues/tools'
import type { Brand } from '../branding/model'
import type { BudgetStatus } from '../budget/budget-state'
import type { ChatJson, JoinAck } from '../chats/model'
import type { MessageFeedback } from '../feedback/model'
import type { KnowledgeChange, KnowledgeEntryJson } from '../knowledge/model'
import type { MessageJson } from '../messages/model'
import type { Profile } from '../profile/model'
import type { ProjectJson } from '../projects/model'
import type { ResearchJson } from '../research/model'

/**
 * Every socket event and its payload, in one place for the server (`Server<...>`, `Realtime`) and
 * the web client (`Socket<...>`): renaming an event or changing a payload breaks the build on both
 * sides instead of silently dropping updates. Types only; the client imports nothing at run time.
 * Payloads are what travels as JSON (dates are ISO strings).
 */
export interface ServerToClientEvents {
  'chat:created': (payload: { chat: ChatJson }) => void
  'chat:updated': (payload: { chat: ChatJson }) => void
  'chat:deleted': (payload: { chatId: string }) => void
  /** A project made, renamed or changed, or deleted (its chats' own events follow). */
  'project:updated': (payload: { project: ProjectJson }) => void
  'project:deleted': (payload: { projectId: string }) => void
  /**
   * To every tab of the person: the chat's current path now ends at `leafId` (a branch switch, an
   * edit, a regenerate; docs/decisions/158). A tab showing another path reads it again.
   */
  'chat:branch': (payload: { chatId: string; leafId: string }) => void
  'message:created': (payload: { chatId: string; message: MessageJson }) => void
  'message:delta': (payload: { chatId: string; messageId: string; delta: string; seq: number }) => void
  'message:completed': (payload: { chatId: string; message: MessageJson }) => void
  /** A tool call of a streaming answer started, waits for approval, or ended (issue 30): upsert by `call.id`. */
  'message:tool': (payload: { chatId: string; messageId: string; call: StoredToolCall }) => void
  /**
   * `error` is the spec's text for a failed send; `reason` the stored cause (e.g. the provider's
   * timeout), or null; `failure` that cause as a code, for the client to word (decision 150).
   */
  'message:failed': (payload: {
    chatId: string
    messageId: string
    error: string
    reason: string | null
    failure?: Failure | null
  }) => void
  /** A regenerated reply replaces the previous assistant message. */
  'message:deleted': (payload: { chatId: string; messageId: string }) => void
  /** To the person's tabs: an answer was rated, its rating changed, or (null) was taken back. */
  'message:feedback': (payload: {
    chatId: string
    messageId: string
    feedback: MessageFeedback | null
  }) => void
  'budget:updated': (payload: BudgetStatus) => void
  /** To the owner: an entry finished indexing (`index_status` ready or failed). */
  'knowledge:indexed': (payload: { entry: KnowledgeEntryJson }) => void
  /**
   * An entry was created, edited, (re)queued, indexed or deleted: refetch the knowledge lists. To
   * everyone for a shared entry (also the change that stops it being shared), else its owner only
   * (decision 130).
   */
  'knowledge:changed': (payload: { entryId: string; change: KnowledgeChange }) => void
  /**
   * While a long entry is embedded (more than one embeddings request): `done` of its `total`
   * chunks so far, after each request. To the audience of its `knowledge:changed`.
   */
  'knowledge:progress': (payload: { entryId: string; done: number; total: number }) => void
  /**
   * To the owner's sockets (every tab): a research run's step, counts, notes or status changed (at
   * most ~4 a second per run). Its report arrives in its message (`message:delta`, `message:completed`).
   */
  'research:progress': (payload: ResearchJson) => void
  'profile:updated': (payload: Profile) => void
  /** The effective brand after an administrator changed it: to every socket and every signed-out listener. */
  'branding:updated': (payload: Brand) => void
  /** An administrator changed the model catalogue (or refreshed it from the provider): refetch GET /api/models. To everyone. */
  'models:updated': (payload: Record<string, never>) => void
  /** A prompt was saved, changed, used or deleted: refetch the library (to everyone for a public prompt, else its owner). */
  'prompts:changed': (payload: Record<string, never>) => void
  /** To the user's own sockets: their agent settings or calendar connection changed; refetch GET /api/agents. */
  'agents:changed': (payload: Record<string, never>) => void
  /** To the person's own sockets: the zip of all their data is ready to download (decision 175). */
  'account:export_ready': (payload: { id: string }) => void
  /** To the support-access session only: it ends soon (a few minutes before `expiresAt`). */
  'impersonation:expiring': (payload: { expiresAt: string }) => void
  /** To the support-access session only, just before its sockets are cut: return to your own session. */
  'impersonation:ended': (payload: { reason: string }) => void
  /**
   * To administrators' own sockets only (`Realtime.toAdmins`; never a support session's): a support
   * access started or ended (stop, expiry, another admin, a ban, a demotion, a deletion). The admin
   * area's monitoring list reads itself again.
   */
  'impersonations:changed': (payload: { id: string; change: 'started' | 'ended' }) => void
}

export interface ClientToServerEvents {
  'chat:join': (payload: { chatId: string }, ack: (reply: JoinAck) => void) => void
  'chat:leave': (payload: { chatId: string }) => void
}

export type ServerEvent = keyof ServerToClientEvents
export type ServerEventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0]

/**
 * The events that go to everyone, signed in or not (`Realtime.toEveryone`, the public stream
 * GET /api/branding/events). Only events that carry no user's data belong here.
 */
export type PublicEvent = Extract<ServerEvent, 'branding:updated'>
