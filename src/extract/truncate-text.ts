/** Cuts text to `maxChars` UTF-16 units without splitting a surrogate pair, and says so. */
export function truncateText(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false }
  const code = text.charCodeAt(maxChars - 1)
  const end = code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars
  return { text: `${text.slice(0, end)}\n\n[Truncated after ${maxChars} characters]`, truncated: true }
}
