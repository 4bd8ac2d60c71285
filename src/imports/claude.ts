import { createHash } from 'node:crypto'
import {
  type Converted,
  chatTimes,
  isRecord,
  joinParts,
  notesOf,
  PartTally,
  type SourceNode,
  settleTree,
  shortText,
  storable,
  timeOf,
  titleOf,
} from './conversation'
import { REASONS } from './errors'
import { IMPORT_LIMITS } from './limits'
import { fenced, jsonText, nameOf } from './text-parts'

/*
 * Claude's export (conversations.json): an array of `{uuid, name, created_at, updated_at,
 * chat_messages}`, each message `{uuid, text, content: [blocks], sender: 'human' | 'assistant',
 * created_at, parent_message_uuid?, attachments, files}`. With parent links the branches are kept;
 * without, the messages follow one another.
 */

/** Claude's parent of a conversation's first message. */
const ROOT_PARENT = '00000000-0000-4000-8000-000000000000'

export const looksLikeClaude = (item: unknown) => isRecord(item) && Array.isArray(item.chat_messages)

export function claudeSourceId(item: unknown): string | null {
  if (!looksLikeClaude(item)) return null
  const conversation = item as Record<string, unknown>
  const id = shortText(conversation.uuid)
  if (id) return `claude:${id}`
  const digest = createHash('sha256')
    .update(JSON.stringify([conversation.name, conversation.created_at]))
    .digest('hex')
  return `claude:sha256:${digest.slice(0, 40)}`
}

export function convertClaude(item: unknown, now: number): Converted {
  if (!looksLikeClaude(item)) return { skip: REASONS.notAConversation('Claude') }
  const conversation = item as Record<string, unknown> & { chat_messages: unknown[] }
  if (conversation.chat_messages.length > IMPORT_LIMITS.messagesPerConversation)
    return { skip: REASONS.tooManyMessages(IMPORT_LIMITS.messagesPerConversation) }
  const tally = new PartTally()
  const nodes: SourceNode[] = []
  let unknownSenders = 0
  let previous: string | null = null
  conversation.chat_messages.forEach((value, index) => {
    if (!isRecord(value)) return
    const key = shortText(value.uuid) ?? `#${index}`
    const parent = typeof value.parent_message_uuid === 'string' ? value.parent_message_uuid : undefined
    const role = value.sender === 'human' ? 'user' : value.sender === 'assistant' ? 'assistant' : null
    if (!role) unknownSenders++
    nodes.push({
      key,
      parentKey: parent === undefined ? previous : parent === ROOT_PARENT ? null : parent,
      role,
      content: role ? messageText(value, tally) : '',
      time: timeOf(value.created_at, 'iso'),
      modelId: null,
      status: 'complete',
    })
    previous = key
  })
  const created = timeOf(conversation.created_at, 'iso')
  const current = shortText(conversation.current_leaf_message_uuid)
  const settled = settleTree(nodes, { currentKey: current, chatTime: created ?? now, fold: true })
  if (settled.messages.length === 0) return { skip: REASONS.noMessages }
  const notes = notesOf(settled, tally)
  if (unknownSenders) notes.push(REASONS.unknownSender(unknownSenders))
  return {
    chat: {
      title: titleOf(conversation.name),
      ...chatTimes(settled.messages, created, timeOf(conversation.updated_at, 'iso'), now),
      archived: false,
      messages: settled.messages,
      leafId: settled.leafId,
    },
    notes,
  }
}

/** The message's blocks (or its plain `text`), then its attachments and files by name. */
function messageText(message: Record<string, unknown>, tally: PartTally): string {
  const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : []
  const body = blocks.length
    ? joinParts(...blocks.map((block) => blockText(block, tally)))
    : typeof message.text === 'string'
      ? storable(message.text)
      : ''
  const attachments = (Array.isArray(message.attachments) ? message.attachments : [])
    .filter(isRecord)
    .map((file) => {
      tally.add('file')
      // Pasted text and documents come with their text: it is kept under the file's name.
      const text = typeof file.extracted_content === 'string' ? storable(file.extracted_content) : ''
      return joinParts(`[file: ${nameOf(file.file_name, 'file')}]`, text)
    })
  const files = (Array.isArray(message.files) ? message.files : []).filter(isRecord).map((file) => {
    tally.add('file')
    return `[file: ${nameOf(file.file_name, 'file')}]`
  })
  return joinParts(body, ...attachments, ...files)
}

function blockText(block: Record<string, unknown>, tally: PartTally): string {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? storable(block.text) : ''
    case 'thinking':
      if (typeof block.thinking !== 'string' || !block.thinking.trim()) return ''
      tally.add('thinking')
      return `[reasoning]\n${storable(block.thinking)}`
    case 'tool_use':
      tally.add('toolCall')
      return `[tool call: ${nameOf(block.name, 'tool')}]\n${fenced(jsonText(block.input), 'json')}`
    case 'tool_result': {
      tally.add('toolOutput')
      const content = Array.isArray(block.content)
        ? block.content
            .filter(isRecord)
            .map((part) => (typeof part.text === 'string' ? storable(part.text) : ''))
            .join('\n\n')
        : typeof block.content === 'string'
          ? storable(block.content)
          : ''
      return joinParts(`[tool output: ${nameOf(block.name, 'tool')}]`, content)
    }
    case 'image':
      tally.add('image')
      return '[image]'
    // Claude's own bookkeeping, not shown in its conversations.
    case 'token_budget':
      return ''
    default:
      tally.add('other')
      return joinParts(
        `[${nameOf(block.type, 'content')}]`,
        typeof block.text === 'string' ? storable(block.text) : '',
      )
  }
}
