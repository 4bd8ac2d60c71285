/**
 * The title a chat gets from its first message (spec section 4, "Auto-title"). Pure: the nine rules
 * are checked in order and the first that applies wins. Thresholds from spec section 9:
 * 30, 50 and 40 / 37 characters; 3, 4, 5 and 6 words.
 */

import { fillTitle, titleTexts } from './title-texts'

export const DEFAULT_CHAT_TITLE = 'New Chat'

const QUESTION_WORDS = new Set([
  'what',
  'how',
  'why',
  'when',
  'where',
  'who',
  'which',
  'can',
  'could',
  'would',
  'should',
  'is',
  'are',
  'do',
  'does',
  'did',
])
const REQUEST_PHRASES = [
  'please',
  'can you',
  'could you',
  'help me',
  'generate',
  'create',
  'write',
  'explain',
  'summarize',
  'analyze',
  'review',
  'check',
]
const CODE_WORDS = ['code', 'function', 'class', 'variable', 'bug', 'error', 'debug', 'test', 'implement']
const LANGUAGES = ['javascript', 'js', 'python', 'java', 'react', 'vue', 'angular']
const DOCUMENT_WORDS = ['document', 'pdf', 'report', 'analyze', 'summarize', 'review', 'extract', 'read']
const CREATION_WORDS = ['write', 'create', 'generate', 'design', 'make', 'compose', 'draft']

/**
 * `language`: the sender's (`preferred_language`); the words the rules add ('File Upload',
 * 'Code Discussion'...) are written in it (title-texts.ts). 'New Chat' stays as it is: the client
 * shows it in the reader's language.
 */
export function computeChatTitle(text: string, fileCount = 0, language?: string): string {
  const texts = titleTexts(language)
  const trimmed = text.trim()
  // 1. Empty text.
  if (!trimmed) return fileCount > 0 ? texts.fileUpload : DEFAULT_CHAT_TITLE
  // 2. Text with files.
  if (fileCount > 0) return fillTitle(texts.withFiles, { text: truncate(trimmed, 30, '...') })

  const words = trimmed.split(/\s+/)
  const lower = trimmed.toLowerCase()
  const lowerWords = words.map((word) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))

  // 3. Short text.
  if (words.length <= 3 && trimmed.length <= 50) return capitalise(trimmed)
  // 4. A question.
  if (QUESTION_WORDS.has(lowerWords[0] ?? '')) {
    return `${capitalise(stripTrailingPunctuation(words.slice(0, 6).join(' ')))}?`
  }
  // 5. A request.
  if (REQUEST_PHRASES.some((phrase) => startsWithPhrase(lower, phrase))) {
    return capitalise(words.slice(0, 5).join(' '))
  }
  // 6. About code.
  if (CODE_WORDS.some((word) => hasWord(lowerWords, word))) {
    const programming = LANGUAGES.find((name) => hasWord(lowerWords, name))
    return programming ? fillTitle(texts.code, { language: capitalise(programming) }) : texts.codeDiscussion
  }
  // 7. About a document.
  if (DOCUMENT_WORDS.some((word) => hasWord(lowerWords, word))) return texts.documentAnalysis
  // 8. A creative task.
  if (CREATION_WORDS.some((word) => hasWord(lowerWords, word))) {
    const rest = words.slice(1, 4).join(' ')
    return rest ? fillTitle(texts.create, { text: capitalise(rest) }) : texts.creativeTask
  }
  // 9. Anything else.
  return truncate(capitalise(words.slice(0, 4).join(' ')), 40, '...', 37)
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The text when it fits in `max` characters, else its first `keep` characters plus the suffix. */
function truncate(text: string, max: number, suffix: string, keep = max): string {
  return text.length > max ? `${text.slice(0, keep)}${suffix}` : text
}

function stripTrailingPunctuation(text: string): string {
  return text.replace(/[\s?!.,;:]+$/u, '')
}

function startsWithPhrase(lower: string, phrase: string): boolean {
  if (!lower.startsWith(phrase)) return false
  const next = lower.charAt(phrase.length)
  return next === '' || !/[\p{L}\p{N}]/u.test(next)
}

/** Whole-word match, so 'latest' is not a test and 'javascript' is not java. */
function hasWord(lowerWords: string[], word: string): boolean {
  return lowerWords.includes(word)
}
