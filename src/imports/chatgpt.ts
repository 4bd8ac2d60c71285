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
import { fenced, nameOf, stringParts } from './text-parts'

/*
 * ChatGPT's export (conversations.json): an array of conversations, each a `mapping` of nodes
 * {id, parent, children, message} with `current_node` the leaf shown last. Times are seconds since
 * the epoch. Decision 173 lists how each kind of content is read.
 */

export const looksLikeChatgpt = (item: unknown) => isRecord(item) && isRecord(item.mapping)

/** `chatgpt:<conversation id>`: the same conversation in a later export is found again. */
export function chatgptSourceId(item: unknown): string | null {
  if (!looksLikeChatgpt(item)) return null
  const conversation = item as Record<string, unknown>
  const id = shortText(conversation.conversation_id) ?? shortText(conversation.id)
  if (id) return `chatgpt:${id}`
  const digest = createHash('sha256')
    .update(
      JSON.stringify([conversation.title, conversation.create_time, Object.keys(conversation.mapping!)]),
    )
    .digest('hex')
  return `chatgpt:sha256:${digest.slice(0, 40)}`
}

export function convertChatgpt(item: unknown, now: number): Converted {
  if (!looksLikeChatgpt(item)) return { skip: REASONS.notAConversation('ChatGPT') }
  const conversation = item as Record<string, unknown> & { mapping: Record<string, unknown> }
  const tally = new PartTally()
  const nodes: SourceNode[] = []
  for (const [key, value] of Object.entries(conversation.mapping)) {
    if (!isRecord(value)) continue
    const parentKey = typeof value.parent === 'string' ? value.parent : null
    nodes.push({ key, parentKey, ...readMessage(value.message, tally) })
  }
  if (nodes.length > IMPORT_LIMITS.messagesPerConversation * 4)
    return { skip: REASONS.tooManyMessages(IMPORT_LIMITS.messagesPerConversation) }
  const created = timeOf(conversation.create_time, 'seconds')
  const settled = settleTree(nodes, {
    currentKey: typeof conversation.current_node === 'string' ? conversation.current_node : null,
    chatTime: created ?? now,
    fold: true,
  })
  if (settled.messages.length === 0) return { skip: REASONS.noMessages }
  if (settled.messages.length > IMPORT_LIMITS.messagesPerConversation)
    return { skip: REASONS.tooManyMessages(IMPORT_LIMITS.messagesPerConversation) }
  return {
    chat: {
      title: titleOf(conversation.title),
      ...chatTimes(settled.messages, created, timeOf(conversation.update_time, 'seconds'), now),
      archived: conversation.is_archived === true,
      messages: settled.messages,
      leafId: settled.leafId,
    },
    notes: notesOf(settled, tally),
  }
}

type Shown = Omit<SourceNode, 'key' | 'parentKey'>
const HIDDEN: Shown = { role: null, content: '', time: null, modelId: null, status: 'complete' }

/** One node's message: a user's or an assistant's text, a tool's steps as text, or hidden. */
function readMessage(message: unknown, tally: PartTally): Shown {
  if (!isRecord(message)) return HIDDEN
  const author = isRecord(message.author) ? message.author : {}
  const metadata = isRecord(message.metadata) ? message.metadata : {}
  // What ChatGPT itself does not show: the system prompt, custom instructions, memory context.
  if (metadata.is_visually_hidden_from_conversation === true || metadata.is_user_system_message === true)
    return HIDDEN
  const role = author.role
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') return HIDDEN
  const content = isRecord(message.content) ? message.content : {}
  let text = contentText(content, tally)
  if (role === 'assistant' && content.content_type === 'code') {
    // The model's call of a tool (python, browser, image generation), kept as the code it sent.
    tally.add('toolCall')
    text = `[tool call: ${nameOf(message.recipient, 'tool')}]\n${fenced(text, languageOf(content.language))}`
  } else if (role === 'tool' && text.trim()) {
    tally.add('toolOutput')
    text = `[tool output: ${nameOf(author.name, 'tool')}]\n${text}`
  }
  if (role === 'user') text = joinParts(text, attachmentNames(metadata.attachments, tally))
  return {
    role: role === 'user' ? 'user' : 'assistant',
    content: text,
    time: timeOf(message.create_time, 'seconds'),
    modelId: role === 'assistant' ? shortText(metadata.model_slug, 100) : null,
    status: 'complete',
  }
}

/** A content object's text; parts the export does not hold (images, audio) as named placeholders. */
function contentText(content: Record<string, unknown>, tally: PartTally): string {
  const type = typeof content.content_type === 'string' ? content.content_type : ''
  const textField = typeof content.text === 'string' ? storable(content.text) : ''
  switch (type) {
    case 'text':
      return stringParts(content.parts).join('\n\n')
    case 'multimodal_text':
      return joinParts(
        ...(Array.isArray(content.parts) ? content.parts : []).map((part) => multimodalPart(part, tally)),
      )
    case 'code':
      return textField
    case 'execution_output':
      return fenced(textField)
    case 'tether_browsing_display':
      return storable(
        typeof content.result === 'string' && content.result
          ? content.result
          : typeof content.summary === 'string'
            ? content.summary
            : '',
      )
    case 'tether_quote':
      return joinParts(
        `[quote: ${nameOf(content.title, 'page')}${typeof content.url === 'string' ? ` ${nameOf(content.url, '')}` : ''}]`,
        textField,
      )
    case 'system_error':
      return `[error: ${nameOf(content.name, 'tool')}]\n${textField}`
    case 'thoughts': {
      const thoughts = Array.isArray(content.thoughts) ? content.thoughts.filter(isRecord) : []
      if (!thoughts.length) return ''
      tally.add('thinking')
      return `[reasoning]\n${thoughts
        .map((thought) => joinParts(stringOf(thought.summary), stringOf(thought.content)))
        .join('\n\n')}`
    }
    // "Thought for 10 seconds", the profile and memory ChatGPT keeps beside the chat: not shown there.
    case 'reasoning_recap':
    case 'user_editable_context':
    case 'model_editable_context':
      return ''
    default: {
      const strings = textField || stringParts(content.parts).join('\n\n')
      tally.add('other')
      return joinParts(`[${nameOf(type, 'content')}]`, strings)
    }
  }
}

function multimodalPart(part: unknown, tally: PartTally): string {
  if (typeof part === 'string') return storable(part)
  if (!isRecord(part)) return ''
  switch (part.content_type) {
    case 'image_asset_pointer':
      tally.add('image')
      return '[image]'
    case 'audio_transcription':
      return stringOf(part.text)
    case 'audio_asset_pointer':
    case 'real_time_user_audio_video_asset_pointer':
      tally.add('audio')
      return '[audio]'
    default: {
      tally.add('other')
      return joinParts(`[${nameOf(part.content_type, 'attachment')}]`, stringOf(part.text))
    }
  }
}

/** A user message's attached files, by name (the export holds their names only). */
function attachmentNames(attachments: unknown, tally: PartTally): string {
  if (!Array.isArray(attachments)) return ''
  return attachments
    .filter(isRecord)
    .map((file) => {
      tally.add('file')
      return `[file: ${nameOf(file.name, 'file')}]`
    })
    .join('\n')
}

const stringOf = (value: unknown) => (typeof value === 'string' ? storable(value) : '')
const languageOf = (value: unknown) => {
  const language = shortText(value, 30)
  return language && language !== 'unknown' && /^[\w+#.-]+$/.test(language) ? language : ''
}
