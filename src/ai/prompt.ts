import type { ChatTurn, GenerationSettings } from './types'
import type { SearchResult } from './web-search'
import { formatSearchContext } from './web-search'

const MARKDOWN_INSTRUCTION =
  'Format your answer in Markdown: headings, lists, tables and fenced code blocks where they help.'
const KNOWLEDGE_INSTRUCTION =
  'Relevant entries from the knowledge base follow. Use them when they help answer, and cite them as [Source N].'
const JSON_INSTRUCTION = 'Answer with a single valid JSON object and nothing else.'

/** The history kept in a prompt: the most recent turns, up to this many characters in all. */
const HISTORY_CHAR_BUDGET = 200_000
const HISTORY_MAX_TURNS = 50

/**
 * The messages sent to the model: one system turn (the chat's system prompt, the response-format
 * instruction, web search context) followed by the recent conversation, oldest first.
 */
export function buildPrompt(input: {
  systemPrompt: string | null
  responseFormat: GenerationSettings['responseFormat']
  history: ChatTurn[]
  searchResults?: SearchResult[]
  /** The knowledge base's sources for this question (src/knowledge/search.ts), or ''/undefined. */
  knowledgeContext?: string
}): ChatTurn[] {
  const system = [
    input.systemPrompt?.trim(),
    input.responseFormat === 'markdown' ? MARKDOWN_INSTRUCTION : undefined,
    // OpenAI refuses json_object mode unless the word JSON appears in the messages.
    input.responseFormat === 'json' ? JSON_INSTRUCTION : undefined,
    input.searchResults?.length ? formatSearchContext(input.searchResults) : undefined,
    input.knowledgeContext ? `${KNOWLEDGE_INSTRUCTION}\n\n${input.knowledgeContext}` : undefined,
  ].filter(Boolean)

  const kept: ChatTurn[] = []
  let chars = 0
  for (const turn of [...input.history].reverse()) {
    if (kept.length >= HISTORY_MAX_TURNS) break
    chars += turnChars(turn)
    // The latest turn is always kept, however long.
    if (kept.length > 0 && chars > HISTORY_CHAR_BUDGET) break
    kept.push(turn)
  }
  kept.reverse()
  return system.length ? [{ role: 'system', content: system.join('\n\n') }, ...kept] : kept
}

/** Rough token count when a provider reports none: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

/**
 * What an image costs a vision model, counted as characters: OpenAI bills a detailed 1024×1024
 * image at about 765 tokens and a large one at up to about 1,100, so ~1,000 tokens (4,000 characters
 * at four a token) is a fair worst-ish case for budgets and history trimming, and far below what
 * the base64 text of the data URL would count.
 */
const IMAGE_CHARS = 4_000

/** A turn's size in characters, images at a fixed estimate. */
export function turnChars(turn: Pick<ChatTurn, 'content'>): number {
  if (typeof turn.content === 'string') return turn.content.length
  return turn.content.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : IMAGE_CHARS), 0)
}

export function estimatePromptTokens(messages: ChatTurn[]): number {
  // A few tokens of framing per message, as chat formats add.
  return messages.reduce((sum, turn) => sum + Math.ceil(turnChars(turn) / 4) + 4, 0)
}
