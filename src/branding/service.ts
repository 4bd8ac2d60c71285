import type { OrgSettings } from '../../db/schema'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import type { AppContext } from '../context'
import { imageMimeFromKey } from '../files/image-type'
import { sendStoredFile } from '../files/send-stored-file'
import { AppError } from '../http/errors'
import type { Brand } from './model'

/** The two uploaded images; each is a storage key in org_settings. */
export const BRAND_IMAGES = ['logo', 'login-background'] as const
export type BrandImage = (typeof BRAND_IMAGES)[number]

export const brandImageColumn = {
  logo: 'brandLogoKey',
  'login-background': 'brandLoginBackgroundKey',
} as const satisfies Record<BrandImage, keyof OrgSettings>

/** `branding/<image>-<token>.<ext>`: a fresh random token per upload, which is also the URL's version. */
const IMAGE_KEY = /^branding\/(logo|login-background)-([a-z2-7]{16,64})\.(png|jpg|gif|webp)$/

export const brandImageKey = (image: BrandImage, token: string, ext: string) =>
  `branding/${image}-${token}.${ext}`

/** The token of a stored image's key (its version), or null for a key this module did not make. */
export function versionOf(key: string): string | null {
  return IMAGE_KEY.exec(key)?.[2] ?? null
}

/** Same origin, so the CSP's 'self' covers it; the version changes with every upload. */
export const brandImageUrl = (image: BrandImage, key: string) =>
  `/api/branding/${image}?v=${versionOf(key) ?? ''}`

/** The brand columns of org_settings an administrator sets; null = the BRAND_* value applies. */
export type BrandColumns = Pick<
  OrgSettings,
  | 'brandCompanyName'
  | 'brandProductName'
  | 'brandTagline'
  | 'brandLogoKey'
  | 'brandLoginBackgroundKey'
  | 'brandPrimaryColor'
  | 'brandSecondaryColor'
>

/** Each item: the administrator's value where one is set (not null), else the environment's. */
export function effectiveBrand(defaults: Brand, row: BrandColumns | null): Brand {
  return {
    companyName: row?.brandCompanyName ?? defaults.companyName,
    productName: row?.brandProductName ?? defaults.productName,
    tagline: row?.brandTagline ?? defaults.tagline,
    logoUrl: row?.brandLogoKey ? brandImageUrl('logo', row.brandLogoKey) : defaults.logoUrl,
    loginBackgroundUrl: row?.brandLoginBackgroundKey
      ? brandImageUrl('login-background', row.brandLoginBackgroundKey)
      : defaults.loginBackgroundUrl,
    primaryColor: row?.brandPrimaryColor ?? defaults.primaryColor,
    secondaryColor: row?.brandSecondaryColor ?? defaults.secondaryColor,
  }
}

type Ctx = Pick<AppContext, 'db' | 'config'>

/**
 * The brand now, read from the database on every call (one row by its key): no instance keeps a
 * copy that could lag behind a change made on another.
 */
export async function readBrand(ctx: Ctx): Promise<Brand> {
  return effectiveBrand(ctx.config.brand, await readOrgSettingsRow(ctx.db))
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The uploaded image, public (the sign-in page shows it). Asked for with the current version
 * (`?v=`, as GET /api/branding gives it), it may be cached forever: a new upload has a new version.
 * Any other or no version gets the current image to revalidate (ETag). 404 when none is uploaded.
 */
export async function sendBrandImage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  image: BrandImage,
  version: string | undefined,
  ifNoneMatch: string | null,
): Promise<Response> {
  const notFound = new AppError('not_found:brand_image', 'Image not found')
  const row = await readOrgSettingsRow(ctx.db)
  const key = row?.[brandImageColumn[image]]
  const current = key ? versionOf(key) : null
  if (!key || !current) throw notFound
  const etag = `"${current}"`
  const cacheControl = version === current ? IMMUTABLE : 'no-cache'
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } })
  }
  const blob = await ctx.storage.get(key)
  if (!blob) throw notFound
  const response = sendStoredFile(blob, {
    filename: key.slice(key.lastIndexOf('/') + 1),
    contentType: imageMimeFromKey(key) ?? 'application/octet-stream',
    inline: true,
    cacheControl,
  })
  response.headers.set('ETag', etag)
  return response
}
