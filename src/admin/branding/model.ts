import { t } from 'elysia'
import { AppError } from '../../http/errors'

export const COMPANY_NAME_MAX = 100
export const PRODUCT_NAME_MAX = 60
export const TAGLINE_MAX = 200

const text = (name: string, max: number) =>
  t.Optional(
    t.Union([t.String(), t.Null()], {
      error: `${name} must be text of 1 to ${max} characters, or null to return to the default`,
    }),
  )
const color = (name: string) =>
  t.Optional(
    t.Union([t.String(), t.Null()], {
      error: `${name} must be a colour such as #a855f7 or #a5f, or null to return to the default`,
    }),
  )

/**
 * A change to the brand's texts and colours. A field left out stays; null returns it to the
 * BRAND_* value. The images move with their own uploads (PUT/DELETE …/logo, …/login-background).
 */
export const brandingPatch = t.Object({
  companyName: text('companyName', COMPANY_NAME_MAX),
  productName: text('productName', PRODUCT_NAME_MAX),
  tagline: text('tagline', TAGLINE_MAX),
  primaryColor: color('primaryColor'),
  secondaryColor: color('secondaryColor'),
})
export type BrandingPatch = typeof brandingPatch.static

const PATCHABLE = new Set(Object.keys(brandingPatch.properties))

/**
 * Elysia quietly drops unknown properties while validating; refuse them instead, so a client that
 * sends `logoUrl` learns it was not applied. Runs as the route's `transform`.
 */
export function refuseUnknownBrandingFields({ body }: { body: unknown }) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('bad_request:branding', 'Expected a JSON object of branding fields')
  }
  for (const field of Object.keys(body)) {
    if (field === 'logoUrl' || field === 'loginBackgroundUrl') {
      throw new AppError(
        'bad_request:branding',
        `${field} cannot be set here; upload the image with PUT /api/admin/branding/${field === 'logoUrl' ? 'logo' : 'login-background'}`,
      )
    }
    if (!PATCHABLE.has(field)) throw new AppError('bad_request:branding', `Unknown branding field: ${field}`)
  }
}

// Line breaks, tabs and other control characters (and the Unicode line separators) have no place in a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** A name or tagline, trimmed: 1 to `max` characters, one line. Null and undefined pass through. */
export function brandText(
  name: string,
  value: string | null | undefined,
  max: number,
): string | null | undefined {
  if (value === null || value === undefined) return value
  const trimmed = value.trim()
  if (trimmed.length === 0) {
    throw new AppError(
      'bad_request:brand_text_empty',
      `${name} must not be empty (send null to return to the default)`,
    )
  }
  if ([...trimmed].length > max) {
    throw new AppError('bad_request:brand_text_long', `${name} must be at most ${max} characters`)
  }
  if (CONTROL.test(trimmed)) {
    throw new AppError(
      'bad_request:brand_text_control',
      `${name} must be one line without control characters`,
    )
  }
  return trimmed
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

/** `#rgb` or `#rrggbb` in any case, as stored: lower-case `#rrggbb`. Null and undefined pass through. */
export function brandColor(name: string, value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value
  const trimmed = value.trim()
  const match = HEX.exec(trimmed)
  if (!match) {
    throw new AppError(
      'bad_request:brand_color',
      `${name} must be a colour such as #a855f7 or #a5f, got "${value.slice(0, 40)}"`,
    )
  }
  const hex = match[1]!.toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}
