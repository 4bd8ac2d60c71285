import { formatNumber } from '../../i18n/format'
import type { useT } from '../../i18n/i18n'
import type { Import } from './imports-query'
import '../../i18n/areas/yourData'

/*
 * The import's failure and the report's reasons in the reader's language (decision 150): worded from
 * their codes and values; the server's English when the code is not one this client knows.
 */

type T = ReturnType<typeof useT>
type Values = Record<string, string | number> | null | undefined

const FAILURES = [
  'not_an_export',
  'not_json',
  'no_conversations',
  'damaged_zip',
  'too_many_files',
  'too_large',
  'too_many_conversations',
  'interrupted',
  'unexpected',
] as const
const REASONS = [
  'unsafe_zip_name',
  'not_parley_chat',
  'not_a_conversation',
  'no_messages',
  'too_many_messages',
  'truncated',
  'unreachable',
  'unknown_sender',
  'placeholders',
] as const
const PARTS = ['image', 'file', 'audio', 'toolCall', 'toolOutput', 'thinking', 'other'] as const

const known = <C extends string>(codes: readonly C[], code: unknown): code is C =>
  typeof code === 'string' && (codes as readonly string[]).includes(code)
const numberOf = (values: Values, name: string) => {
  const value = values?.[name]
  return typeof value === 'number' ? value : 0
}
/** A plain number (not a plural) formatted in the reader's language: 10.000, 10 000, 10,000. */
const formatted = (values: Values, name: string) => formatNumber(numberOf(values, name))

/** Why the whole import failed. */
export function failureText(t: T, item: Import): string {
  const code = item.error_code
  if (!known(FAILURES, code)) return item.error ?? ''
  if (code === 'too_many_conversations')
    return t('yourData.import.failure.too_many_conversations', {
      count: formatted(item.error_values, 'count'),
      max: formatted(item.error_values, 'max'),
    })
  return t(`yourData.import.failure.${code}`)
}

/** Why a conversation (or a part of it, or a file of the zip) was left out or changed. */
export function reasonText(t: T, skip: Import['report']['skipped'][number]): string {
  const { code, values } = skip
  if (!known(REASONS, code)) return skip.reason
  switch (code) {
    case 'not_a_conversation':
      return t('yourData.import.reason.not_a_conversation', { format: String(values?.format ?? '') })
    case 'too_many_messages':
      return t('yourData.import.reason.too_many_messages', { max: formatted(values, 'max') })
    case 'truncated':
    case 'unreachable':
    case 'unknown_sender':
      return t(`yourData.import.reason.${code}`, { count: numberOf(values, 'count') })
    case 'placeholders': {
      const parts = PARTS.filter((part) => numberOf(values, part) > 0).map((part) =>
        t(`yourData.import.part.${part}`, { count: numberOf(values, part) }),
      )
      return t('yourData.import.reason.placeholders', { parts: parts.join(', ') })
    }
    default:
      return t(`yourData.import.reason.${code}`)
  }
}
