/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field holding a comma,
 * a quote, a line break or leading/trailing space enclosed in double quotes with its quotes doubled.
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe first (OWASP "CSV injection"), so a user named "=HYPERLINK(…)"
 * reads as text. Numbers are written as they are.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A whole CSV document: the header row, then the rows; CRLF after every record. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('')
}

/** Exact micro-dollars as a decimal dollar amount with at least two decimals: 1234500 → "1.2345". */
export function microsToDecimal(micros: number): string {
  const whole = Math.trunc(micros / 1_000_000)
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '')
  return `${whole}.${fraction}`
}
