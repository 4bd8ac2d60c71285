import type { Config } from '../config'

/**
 * The client's Content-Security-Policy. Scripts only from our origin (the build has no inline
 * script). Inline styles are allowed because Radix and sonner insert <style> elements at run
 * time. Images: our origin, data: and blob: (avatar previews), plus the origins of a configured
 * brand logo or login background when those point elsewhere, so branding keeps working.
 */
export function contentSecurityPolicy(brand: Config['brand']): string {
  const imageOrigins = new Set<string>()
  for (const url of [brand.logoUrl, brand.loginBackgroundUrl]) {
    const origin = url ? originOf(url) : null
    if (origin) imageOrigins.add(origin)
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // https: for images in answers, which the client fetches only after the user clicks 'Load image'.
    `img-src 'self' data: blob:${[...imageOrigins].map((origin) => ` ${origin}`).join('')} https:`,
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null
  } catch {
    return null
  }
}
