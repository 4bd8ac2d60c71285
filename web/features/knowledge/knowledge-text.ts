import { t } from '../../i18n/i18n'
import '../../i18n/areas/knowledge'

/** 'manual', 'chat' and 'document' in the reader's language; another source type as the server names it. */
export function sourceTypeName(sourceType: string): string {
  switch (sourceType) {
    case 'manual':
      return t('knowledge.source.manual')
    case 'chat':
      return t('knowledge.source.chat')
    case 'document':
      return t('knowledge.source.document')
    default:
      return sourceType
  }
}

/**
 * The start of an entry for the list, blank lines and line breaks folded (the card clamps it to two
 * lines), without the markdown marks the detail pane renders away: quote and list markers, heading
 * hashes, emphasis, code ticks, a link's or image's address.
 */
export function previewOf(content: string): string {
  return content
    .slice(0, 600)
    .split('\n')
    .map((line) =>
      line.replace(/^\s{0,3}(?:>\s?)+/, '').replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+)/, ''),
    )
    .join('\n')
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*\)/g, '$1')
    .replace(/(\*\*|__|`+)/g, '')
    .replace(/(^|[\s(])[*_](\S(?:[^*_\n]*\S)?)[*_](?=[\s).,:;!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Why an entry could not be indexed, in the reader's language for the reasons Parley knows by code
 * (docs/decisions/119, 150); the provider's own words (English) for an error it answered with.
 */
export function indexErrorText(entry: {
  index_error: string | null
  index_error_code: string | null
}): string {
  switch (entry.index_error_code) {
    case 'key_missing':
      return t('knowledge.indexError.keyMissing')
    case 'timeout':
      return t('knowledge.indexError.timeout')
    case 'unreachable':
      return t('knowledge.indexError.unreachable')
    case 'dimensions':
      return t('knowledge.indexError.dimensions')
    default:
      return entry.index_error ?? ''
  }
}
