import { t } from 'elysia'
import type { Brand } from '../../branding/model'
import { brand } from '../../branding/model'
import { AppError } from '../../http/errors'
import { ok } from '../../http/model'
import { refuseUnknownFields } from '../../http/refuse-unknown-fields'

export type BrandItem = keyof Brand

/** What the Branding screen shows: each item's value now, its BRAND_* default, and whether an administrator set it. */
export interface AdminBrandingJson {
  effective: Brand
  defaults: Brand
  setByAdmin: Record<BrandItem, boolean>
}

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

/** A branding update names only these fields; the images are uploaded by their own routes. */
export const refuseUnknownBrandingFields = refuseUnknownFields(brandingPatch, 'branding', {
  logoUrl: 'upload the image with PUT /api/admin/branding/logo',
  loginBackgroundUrl: 'upload the image with PUT /api/admin/branding/login-background',
})

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

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const adminBrandingJson = t.Object({
  effective: brand,
  defaults: brand,
  setByAdmin: t.Object({
    companyName: t.Boolean(),
    productName: t.Boolean(),
    tagline: t.Boolean(),
    primaryColor: t.Boolean(),
    secondaryColor: t.Boolean(),
    logoUrl: t.Boolean(),
    loginBackgroundUrl: t.Boolean(),
  }),
})

export const adminBrandingResponse = ok(adminBrandingJson)
