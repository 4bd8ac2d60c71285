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

/** The start of an entry for the list, blank lines and line breaks folded (the card clamps it to two lines). */
export function previewOf(content: string): string {
  return content.slice(0, 400).replace(/\s+/g, ' ').trim()
}
