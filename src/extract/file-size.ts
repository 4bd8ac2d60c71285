/**
 * File size as the spec displays it: base 1024, units Bytes/KB/MB/GB, at most 2 decimals, '0 Bytes'
 * for zero. No server imports, so the web client imports this same module.
 */

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  const value = bytes / 1024 ** exponent
  // toFixed(2) then Number(): '1.50' shows as '1.5' and '2.00' as '2', as the original display did.
  return `${Number(value.toFixed(2))} ${UNITS[exponent]}`
}
