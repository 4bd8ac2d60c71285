import { type PartKind, REASONS, type Worded } from './errors'
import { IMPORT_LIMITS } from './limits'

/*
 * The shape every export is read into (one conversation at a time), and the steps they share: the
 * tree settled from parent links, hidden messages passed through, a tool's steps folded into the
 * answer they belong to, times put in order, text made storable.
 */

export type Role = 'user' | 'assistant'
export type ImportedStatus = 'complete' | 'stopped' | 'failed'

/** A message as an export holds it, before the tree is settled. */
export interface SourceNode {
  key: string
  parentKey: string | null
  /** null: not shown (a system root, a hidden message): its children hang on its parent instead. */
  role: Role | null
  content: string
  /** Milliseconds since the epoch, or null when the export does not say. */
  time: number | null
  modelId: string | null
  status: ImportedStatus
}

export interface ImportedMessage {
  id: string
  parentId: string | null
  isUser: boolean
  content: string
  createdAt: Date
  modelId: string | null
  status: ImportedStatus
}

/** One conversation ready to write, or the reason it is left out. */
export type Converted =
  | {
      chat: {
        title: string
        createdAt: Date
        updatedAt: Date
        archived: boolean
        messages: ImportedMessage[]
        /** The chat's current leaf when it is not its newest message (null reads as the newest). */
        leafId: string | null
      }
      /** What was changed or left out of it, for the report. */
      notes: Worded[]
    }
  | { skip: Worded }

/** Parts kept as text or named placeholders, by kind, for the report. */
export class PartTally {
  private readonly counts = new Map<PartKind, number>()
  add(kind: PartKind): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1)
  }
  /** "2 images, 1 tool output", or '' when nothing was counted. */
  describe(): string {
    return [...this.counts]
      .map(([kind, count]) => `${count} ${count === 1 ? PART_NAMES[kind][0] : PART_NAMES[kind][1]}`)
      .join(', ')
  }
  /** The counts by kind, in the order they were met (the client words them). */
  byKind(): Partial<Record<PartKind, number>> {
    return Object.fromEntries(this.counts)
  }
}

const PART_NAMES: Record<PartKind, readonly [string, string]> = {
  image: ['image', 'images'],
  file: ['file', 'files'],
  audio: ['recording', 'recordings'],
  toolCall: ['tool call', 'tool calls'],
  toolOutput: ['tool output', 'tool outputs'],
  thinking: ['reasoning step', 'reasoning steps'],
  other: ['other part', 'other parts'],
}

const FALLBACK_TITLE = 'Imported chat'
/** Years 1970 to 2100: anything else in a file is taken for "unknown". */
const LATEST_TIME = Date.UTC(2100, 0, 1)

/** Text Postgres can store: no NUL (the one character a text column refuses). */
export const storable = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '') : text)

/** At most `max` UTF-16 units, never half a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max
  return text.slice(0, end)
}

/** The title as typed (HTML stays text), made storable; "Imported chat" when empty. */
export function titleOf(value: unknown): string {
  const title = typeof value === 'string' ? cut(storable(value).trim(), IMPORT_LIMITS.titleChars).trim() : ''
  return title || FALLBACK_TITLE
}

/** A time from an export: seconds since the epoch (ChatGPT) or an ISO string (Claude, Parley). */
export function timeOf(value: unknown, unit: 'seconds' | 'iso'): number | null {
  let ms: number
  if (unit === 'seconds') {
    if (typeof value !== 'number') return null
    ms = Math.round(value * 1000)
  } else {
    if (typeof value !== 'string' || value.length > 64) return null
    ms = Date.parse(value)
  }
  return Number.isFinite(ms) && ms >= 0 && ms < LATEST_TIME ? ms : null
}

/** A short identifier from an export (an id, a model name), or null. */
export function shortText(value: unknown, max = 200): string | null {
  if (typeof value !== 'string') return null
  const text = storable(value).trim()
  return text && text.length <= max ? text : null
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Settles a conversation's messages into Parley's tree (docs/decisions/158): parents before
 * children, every child younger than its parent, hidden messages passed through, and a tool's
 * steps (a non-user message whose parent is a non-user message with no other child) folded into
 * the message above, so that a question is followed by one answer. Messages not reachable from a
 * first message (a loop of parent links) are left out and counted.
 */
export function settleTree(
  nodes: SourceNode[],
  options: { currentKey: string | null; chatTime: number; fold: boolean },
): {
  messages: ImportedMessage[]
  leafId: string | null
  unreachable: number
  truncated: number
} {
  const byKey = new Map<string, SourceNode>()
  for (const node of nodes) if (!byKey.has(node.key)) byKey.set(node.key, node)
  const children = new Map<string, SourceNode[]>()
  const roots: SourceNode[] = []
  for (const node of byKey.values()) {
    const parent = node.parentKey
    if (parent === null || parent === node.key || !byKey.has(parent)) roots.push(node)
    else {
      const list = children.get(parent)
      if (list) list.push(node)
      else children.set(parent, [node])
    }
  }

  // Pre-order walk (explicit stack: a chain of thousands must not exhaust the call stack).
  type Kept = ImportedMessage & { time: number }
  const kept: Kept[] = []
  const idOfKey = new Map<string, string>()
  const stack: { node: SourceNode; parent: Kept | null }[] = roots
    .toReversed()
    .map((node) => ({ node, parent: null }))
  let visited = 0
  let truncated = 0
  while (stack.length) {
    const { node, parent } = stack.pop()!
    visited++
    let self = parent
    const text = node.role ? storable(node.content) : ''
    if (node.role && text.trim()) {
      const floor = parent ? parent.time + 1 : Number.NEGATIVE_INFINITY
      const time = Math.max(node.time ?? (parent ? parent.time + 1 : options.chatTime), floor)
      let content = text
      if (content.length > IMPORT_LIMITS.messageChars) {
        content = `${cut(content, IMPORT_LIMITS.messageChars)}\n\n[Cut at import: the message was longer than 1 MB]`
        truncated++
      }
      self = {
        id: crypto.randomUUID(),
        parentId: parent?.id ?? null,
        isUser: node.role === 'user',
        content,
        createdAt: new Date(time),
        modelId: node.modelId,
        status: node.status,
        time,
      }
      kept.push(self)
      idOfKey.set(node.key, self.id)
    }
    const below = children.get(node.key) ?? []
    for (let index = below.length - 1; index >= 0; index--) stack.push({ node: below[index]!, parent: self })
  }

  // Fold a tool's steps into the answer above them.
  const childCount = new Map<string, number>()
  for (const message of kept)
    if (message.parentId) childCount.set(message.parentId, (childCount.get(message.parentId) ?? 0) + 1)
  const byId = new Map(kept.map((message) => [message.id, message]))
  const foldedInto = new Map<string, Kept>()
  const messages: Kept[] = []
  for (const message of kept) {
    const parent = message.parentId ? (foldedInto.get(message.parentId) ?? byId.get(message.parentId)!) : null
    if (
      options.fold &&
      parent &&
      !message.isUser &&
      !parent.isUser &&
      childCount.get(message.parentId!) === 1
    ) {
      parent.content = joinParts(parent.content, message.content)
      parent.modelId ??= message.modelId
      foldedInto.set(message.id, parent)
      continue
    }
    message.parentId = parent?.id ?? null
    messages.push(message)
  }

  return {
    messages: messages.map(({ time: _time, ...message }) => message),
    leafId: currentLeaf(options.currentKey, { byKey, idOfKey, foldedInto, messages }),
    unreachable: byKey.size - visited + (nodes.length - byKey.size),
    truncated,
  }
}

/**
 * The message the export shows as current (its own id, or the nearest shown one above it), down to
 * its newest leaf; null when that is the chat's newest message anyway (decision 158: null reads so).
 */
function currentLeaf(
  key: string | null,
  tree: {
    byKey: Map<string, SourceNode>
    idOfKey: Map<string, string>
    foldedInto: Map<string, { id: string }>
    messages: ImportedMessage[]
  },
): string | null {
  if (key === null || tree.messages.length === 0) return null
  let id: string | undefined
  for (let at: string | null = key, hops = 0; at !== null && hops <= tree.byKey.size; hops++) {
    id = tree.idOfKey.get(at)
    if (id) break
    at = tree.byKey.get(at)?.parentKey ?? null
  }
  if (!id) return null
  id = tree.foldedInto.get(id)?.id ?? id
  const newestChild = new Map<string, ImportedMessage>()
  for (const message of tree.messages) {
    if (!message.parentId) continue
    const other = newestChild.get(message.parentId)
    if (!other || newer(message, other)) newestChild.set(message.parentId, message)
  }
  for (let child = newestChild.get(id); child; child = newestChild.get(child.id)) id = child.id
  const newest = tree.messages.reduce((a, b) => (newer(b, a) ? b : a))
  return newest.id === id ? null : id
}

/** Parley's order: by time, then by id (messages-data reads the newest this way). */
const newer = (a: ImportedMessage, b: ImportedMessage) =>
  a.createdAt.getTime() > b.createdAt.getTime() ||
  (a.createdAt.getTime() === b.createdAt.getTime() && a.id > b.id)

export const joinParts = (...parts: string[]) =>
  parts
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n')

/** The report's notes for a settled conversation. */
export function notesOf(settled: { unreachable: number; truncated: number }, tally: PartTally): Worded[] {
  const notes: Worded[] = []
  const parts = tally.describe()
  if (parts) notes.push(REASONS.placeholders(parts, tally.byKind()))
  if (settled.truncated) notes.push(REASONS.truncated(settled.truncated))
  if (settled.unreachable) notes.push(REASONS.unreachable(settled.unreachable))
  return notes
}

/** The chat's times: the export's, else its messages' first and last. */
export function chatTimes(
  messages: ImportedMessage[],
  created: number | null,
  updated: number | null,
  now: number,
): { createdAt: Date; updatedAt: Date } {
  let earliest = Number.POSITIVE_INFINITY
  let latest = Number.NEGATIVE_INFINITY
  for (const message of messages) {
    earliest = Math.min(earliest, message.createdAt.getTime())
    latest = Math.max(latest, message.createdAt.getTime())
  }
  const first = created ?? (messages.length ? earliest : now)
  const last = updated ?? (messages.length ? latest : first)
  return { createdAt: new Date(first), updatedAt: new Date(Math.max(first, last)) }
}
