import { createHash } from 'node:crypto'
import {
  type Converted,
  chatTimes,
  type ImportedStatus,
  isRecord,
  notesOf,
  PartTally,
  type SourceNode,
  settleTree,
  shortText,
  timeOf,
  titleOf,
} from './conversation'
import { REASONS } from './errors'
import { IMPORT_LIMITS } from './limits'

/*
 * Parley's own chat export, `parley.chat.v1` (GET /api/chats/:id/export?format=json, decision 165):
 * `{format, exported_at, title, created_at, current_leaf_id, messages: [{id, parent_id, role,
 * content, status, model, created_at, attachments: [{name}]}]}` with every branch. Read back as it
 * was: no folding, statuses kept (a reply still streaming when exported is a stopped one).
 */

export const PARLEY_FORMAT = 'parley.chat.v1'

export const looksLikeParley = (item: unknown) => isRecord(item) && item.format === PARLEY_FORMAT

/**
 * `parley:<id of the chat's first message>`: the export has no chat id, and a chat's first message
 * never changes, so a later export of the same chat is found again.
 */
export function parleySourceId(item: unknown): string | null {
  if (!looksLikeParley(item)) return null
  const chat = item as Record<string, unknown>
  const first =
    Array.isArray(chat.messages) && isRecord(chat.messages[0]) ? shortText(chat.messages[0].id) : null
  if (first) return `parley:${first}`
  const digest = createHash('sha256')
    .update(JSON.stringify([chat.title, chat.created_at]))
    .digest('hex')
  return `parley:sha256:${digest.slice(0, 40)}`
}

export function convertParley(item: unknown, now: number): Converted {
  if (!looksLikeParley(item)) return { skip: REASONS.notAConversation('Parley') }
  const chat = item as Record<string, unknown>
  const list = Array.isArray(chat.messages) ? chat.messages : []
  if (list.length > IMPORT_LIMITS.messagesPerConversation)
    return { skip: REASONS.tooManyMessages(IMPORT_LIMITS.messagesPerConversation) }
  const tally = new PartTally()
  const nodes: SourceNode[] = list.filter(isRecord).map((message, index) => {
    const role = message.role === 'user' ? 'user' : message.role === 'assistant' ? 'assistant' : null
    // The question's text already ends with "[Files attached: …]"; the files are not in the export.
    if (Array.isArray(message.attachments)) for (const _ of message.attachments) tally.add('file')
    return {
      key: shortText(message.id) ?? `#${index}`,
      parentKey: shortText(message.parent_id),
      role,
      content: typeof message.content === 'string' ? message.content : '',
      time: timeOf(message.created_at, 'iso'),
      modelId: role === 'assistant' ? shortText(message.model, 100) : null,
      status: role === 'assistant' ? statusOf(message.status) : 'complete',
    }
  })
  const created = timeOf(chat.created_at, 'iso')
  const settled = settleTree(nodes, {
    currentKey: shortText(chat.current_leaf_id),
    chatTime: created ?? now,
    fold: false,
  })
  if (settled.messages.length === 0) return { skip: REASONS.noMessages }
  return {
    chat: {
      title: titleOf(chat.title),
      ...chatTimes(settled.messages, created, null, now),
      archived: false,
      messages: settled.messages,
      leafId: settled.leafId,
    },
    notes: notesOf(settled, tally),
  }
}

function statusOf(value: unknown): ImportedStatus {
  if (value === 'stopped' || value === 'streaming') return 'stopped'
  return value === 'failed' ? 'failed' : 'complete'
}
