import type { Messages } from '@lingui/core'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import { messages as english } from '../i18n/compiled/en/errors'
import '../i18n/areas/errors'

/**
 * The server's error texts in English, and the patterns that recognise the codes with several texts:
 * a chunk of its own (issue 35), fetched by `loadErrorTexts` (web/lib/api-error.ts) before a failed
 * answer is read. Loading it also adds the 'errors' area's English to the catalogue.
 */
export { english }

export interface Variant {
  key: string
  pattern: RegExp
  names: string[]
}

/**
 * The codes with several texts, or a value in their text (`error.<code>.<variant>`, see
 * web/i18n/en/errors.ts): each English text as a pattern where a `{placeholder}` matches any value.
 * Read from the compiled English the app loads anyway (its texts and `[name]` placeholders in
 * order), not from the source catalogue, which would ship the same texts twice (issue 35).
 */
export const variantsByCode = variantsOf(english)

function variantsOf(messages: Messages): Map<string, Variant[]> {
  const byCode = new Map<string, Variant[]>()
  for (const [key, compiled] of Object.entries(messages)) {
    const [code, variant] = splitKey(key)
    if (!variant) continue
    const parts = (typeof compiled === 'string' ? [compiled] : compiled) as CompiledMessage
    const names = parts.flatMap((part) => (typeof part === 'string' ? [] : [String(part[0])]))
    const source = parts.map((part) => (typeof part === 'string' ? escapeRegExp(part) : '(.+)')).join('')
    const list = byCode.get(code) ?? []
    list.push({ key, pattern: new RegExp(`^${source}$`, 's'), names })
    byCode.set(code, list)
  }
  return byCode
}

function splitKey(key: string): [code: string, variant: string | undefined] {
  const rest = key.slice('error.'.length)
  const dot = rest.indexOf('.')
  return dot === -1 ? [rest, undefined] : [rest.slice(0, dot), rest.slice(dot + 1)]
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
