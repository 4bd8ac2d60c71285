import { currentLocale } from '../../../i18n/i18n'

const formats = new Map<string, Intl.NumberFormat>()

/** A price per million tokens in the reader's language: '$0.15', '$0.000001', '0,15 $US' in French. */
export function formatPrice(dollars: number): string {
  const locale = currentLocale() || 'en'
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    })
    formats.set(locale, format)
  }
  return format.format(dollars)
}
