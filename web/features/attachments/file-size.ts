import { formatFileSize } from '../../../src/extract/file-size'
import { formatBytes } from '../../i18n/format'
import { currentLocale } from '../../i18n/i18n'

/**
 * A file's size for people. English keeps the spec's display ('21 Bytes', '1.5 KB', '256 KB': base
 * 1024, up to 2 decimals); the other languages get their own unit names and decimal separator
 * through `formatBytes` ('1,5 Ko', '256 kB').
 */
export function fileSize(bytes: number): string {
  return currentLocale() === 'en' ? formatFileSize(bytes) : formatBytes(bytes)
}
