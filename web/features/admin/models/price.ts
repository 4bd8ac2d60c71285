import { formatDollars } from '../../../i18n/format'

/** A price per million tokens in the reader's language: '$0.15', '$0.000001', '0,15 $US' in French. */
export const formatPrice = (dollars: number): string => formatDollars(dollars, 6)
