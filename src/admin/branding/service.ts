import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import type { Brand } from '../../branding/model'
import {
  type BrandColumns,
  type BrandImage,
  brandImageColumn,
  brandImageKey,
  effectiveBrand,
} from '../../branding/service'
import type { AppContext } from '../../context'
import { checkImageUpload } from '../../files/image-upload'
import { adminBrandingData } from './branding-data'
import type { AdminBrandingJson } from './model'
import {
  type BrandingPatch,
  brandColor,
  brandText,
  COMPANY_NAME_MAX,
  PRODUCT_NAME_MAX,
  TAGLINE_MAX,
} from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'realtime' | 'storage'>
type Admin = Actor & { email: string }

function brandingJson(ctx: Pick<Ctx, 'config'>, row: BrandColumns | null): AdminBrandingJson {
  return {
    effective: effectiveBrand(ctx.config.brand, row),
    defaults: { ...ctx.config.brand },
    setByAdmin: {
      companyName: row?.brandCompanyName != null,
      productName: row?.brandProductName != null,
      tagline: row?.brandTagline != null,
      logoUrl: row?.brandLogoKey != null,
      loginBackgroundUrl: row?.brandLoginBackgroundKey != null,
      primaryColor: row?.brandPrimaryColor != null,
      secondaryColor: row?.brandSecondaryColor != null,
    },
  }
}

/** The text and colour columns as the API names them (null: not set by an administrator). */
const settingsOf = (row: BrandColumns) => ({
  companyName: row.brandCompanyName,
  productName: row.brandProductName,
  tagline: row.brandTagline,
  primaryColor: row.brandPrimaryColor,
  secondaryColor: row.brandSecondaryColor,
})

/** The patch as columns, each value checked and normalised; a field left out is left out. Throws 400. */
function patchColumns(patch: BrandingPatch): Partial<BrandColumns> {
  const columns: Partial<BrandColumns> = {}
  const set = <K extends keyof BrandColumns>(key: K, value: BrandColumns[K] | undefined) => {
    if (value !== undefined) columns[key] = value
  }
  set('brandCompanyName', brandText('companyName', patch.companyName, COMPANY_NAME_MAX))
  set('brandProductName', brandText('productName', patch.productName, PRODUCT_NAME_MAX))
  set('brandTagline', brandText('tagline', patch.tagline, TAGLINE_MAX))
  set('brandPrimaryColor', brandColor('primaryColor', patch.primaryColor))
  set('brandSecondaryColor', brandColor('secondaryColor', patch.secondaryColor))
  return columns
}

export async function getBranding(ctx: Ctx): Promise<AdminBrandingJson> {
  return brandingJson(ctx, await adminBrandingData(ctx.db).read())
}

/**
 * Changes names, tagline and colours (null: back to BRAND_*), audited as `branding.update` with
 * each changed value's old → new, then shows the new brand to every open browser.
 */
export async function updateBranding(
  ctx: Ctx,
  admin: Admin,
  patch: BrandingPatch,
  origin: RequestOrigin | null,
): Promise<AdminBrandingJson> {
  const columns = patchColumns(patch)
  const { after, changed } = await ctx.db.transaction(async (tx) => {
    const data = adminBrandingData(tx)
    const before = await data.lock()
    const after = { ...before, ...columns }
    const from = settingsOf(before)
    const to = settingsOf(after)
    const changes: Record<string, { from: string | null; to: string | null }> = {}
    for (const key of Object.keys(to) as (keyof typeof to)[]) {
      if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] }
    }
    const changed = Object.keys(changes).length > 0
    if (changed) {
      await data.update(columns, ctx.now())
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'branding.update', targetType: 'organisation', targetId: null, details: { changes } },
        origin,
      )
    }
    return { after, changed }
  })
  const json = brandingJson(ctx, after)
  if (changed) announce(ctx, json.effective)
  return json
}

const auditName = (image: BrandImage) => (image === 'logo' ? 'logo' : 'login_background')

/**
 * Stores an uploaded logo or login background, checked exactly like an avatar (PNG, JPEG, GIF or
 * WebP by its bytes, at most 5 MB), under a fresh random key that is also its URL's version; points
 * the settings at it (audited `branding.<image>_upload`), deletes the previous file and tells
 * every open browser.
 */
export async function replaceBrandImage(
  ctx: Ctx,
  admin: Admin,
  image: BrandImage,
  upload: unknown,
  origin: RequestOrigin | null,
): Promise<AdminBrandingJson> {
  const { file, image: type } = await checkImageUpload(upload, 'brand_image')
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)))
  const key = brandImageKey(image, token, type.ext)
  const column = brandImageColumn[image]
  await ctx.storage.put(key, file, type.mime)
  let result: { previousKey: string | null; after: BrandColumns }
  try {
    result = await ctx.db.transaction(async (tx) => {
      const data = adminBrandingData(tx)
      const before = await data.lock()
      await data.update({ [column]: key }, ctx.now())
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: `branding.${auditName(image)}_upload`,
          targetType: 'organisation',
          targetId: null,
          details: { type: type.mime, size: file.size },
        },
        origin,
      )
      return { previousKey: before[column], after: { ...before, [column]: key } }
    })
  } catch (error) {
    await deleteQuietly(ctx, key)
    throw error
  }
  if (result.previousKey) await deleteQuietly(ctx, result.previousKey)
  const json = brandingJson(ctx, result.after)
  announce(ctx, json.effective)
  return json
}

/**
 * Removes the uploaded image (audited `branding.<image>_remove`): the BRAND_* URL applies again.
 * The settings change first, so the image stops being served at once; a file that cannot be
 * deleted is logged. Without an uploaded image it changes nothing.
 */
export async function removeBrandImage(
  ctx: Ctx,
  admin: Admin,
  image: BrandImage,
  origin: RequestOrigin | null,
): Promise<AdminBrandingJson> {
  const column = brandImageColumn[image]
  const { previousKey, after } = await ctx.db.transaction(async (tx) => {
    const data = adminBrandingData(tx)
    const before = await data.lock()
    const previousKey = before[column]
    if (!previousKey) return { previousKey, after: before }
    await data.update({ [column]: null }, ctx.now())
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: `branding.${auditName(image)}_remove`,
        targetType: 'organisation',
        targetId: null,
        details: {},
      },
      origin,
    )
    return { previousKey, after: { ...before, [column]: null } }
  })
  const json = brandingJson(ctx, after)
  if (previousKey) {
    await deleteQuietly(ctx, previousKey)
    announce(ctx, json.effective)
  }
  return json
}

/** Every open browser, on every instance, signed in or not, shows the new brand without a reload. */
function announce(ctx: Ctx, brand: Brand) {
  ctx.realtime.toEveryone('branding:updated', brand)
}

/** A leftover file costs a little disk; failing the administrator's request over it would cost more. */
async function deleteQuietly(ctx: Ctx, key: string) {
  try {
    await ctx.storage.delete(key)
  } catch (error) {
    ctx.log.warn('could not delete a replaced brand image', { key, error })
  }
}
