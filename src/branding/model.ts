import { t } from 'elysia'
import { ok } from '../http/model'

/** The brand every screen shows (spec 1 'Branding'): an administrator's values over BRAND_*. */
export interface Brand {
  companyName: string
  productName: string
  tagline: string
  /** An uploaded image (`/api/branding/logo?v=…`), else BRAND_LOGO_URL, else null. */
  logoUrl: string | null
  loginBackgroundUrl: string | null
  /** Lower-case `#rrggbb`. */
  primaryColor: string
  secondaryColor: string
}

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const brand = t.Object({
  companyName: t.String(),
  productName: t.String(),
  tagline: t.String(),
  logoUrl: t.Nullable(t.String()),
  loginBackgroundUrl: t.Nullable(t.String()),
  primaryColor: t.String(),
  secondaryColor: t.String(),
})

export const brandResponse = ok(brand)
