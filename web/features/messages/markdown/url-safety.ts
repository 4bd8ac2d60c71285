/**
 * Links and images in model output are untrusted. Only http(s), mailto and same-origin relative
 * URLs survive; `javascript:`, `data:`, `vbscript:` and the like become inert text.
 */
export function safeUrl(url: string | undefined | null): string | null {
  if (!url) return null
  const trimmed = url.trim()
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed
  try {
    const parsed = new URL(trimmed)
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null
  } catch {
    return null
  }
}

/** Whether an image URL points at our own server (uploaded or generated files), which may load at once. */
export function isOwnImage(url: string, origin: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}
