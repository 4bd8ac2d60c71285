import type { Brand } from '../branding/model'
import { effectiveBrand } from '../branding/service'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import type { Config } from '../config'
import type { AppContext } from '../context'
import { renderBrandIcon } from './icon'
import { ICON_FILES, type IconFile, iconVersion, webManifest } from './manifest'

/** What the installable-app files need: the brand (database over BRAND_*) and the uploaded logo. */
export type PwaContext = { config: Pick<Config, 'brand'> } & Partial<Pick<AppContext, 'db' | 'storage'>>

/** The brand now (as GET /api/branding answers it); without a database (unit tests), the environment's. */
export const currentBrand = async (ctx: PwaContext): Promise<Brand> =>
  ctx.db ? effectiveBrand(ctx.config.brand, await readOrgSettingsRow(ctx.db)) : ctx.config.brand

export async function manifestResponse(ctx: PwaContext, headers: Record<string, string>): Promise<Response> {
  return new Response(JSON.stringify(webManifest(await currentBrand(ctx))), {
    headers: {
      ...headers,
      'content-type': 'application/manifest+json; charset=utf-8',
      // An administrator may rename the brand at any moment.
      'cache-control': 'no-cache',
    },
  })
}

export const isIconFile = (name: string): name is IconFile => Object.hasOwn(ICON_FILES, name)

/** Drawn icons by brand version and file; a brand changes rarely, so a few entries suffice. */
const drawn = new Map<string, Uint8Array<ArrayBuffer>>()

/**
 * An icon of the manifest: the uploaded logo resized when it is square enough to stand as an app
 * icon (PNG, JPEG or WebP), else the brand mark drawn in the brand's colours. Asked for with the
 * current version it may be cached for a day; a new brand has a new version in the manifest.
 */
export async function iconResponse(
  ctx: PwaContext,
  file: IconFile,
  headers: Record<string, string>,
): Promise<Response> {
  const brand = await currentBrand(ctx)
  const key = `${iconVersion(brand)}/${file}`
  let png = drawn.get(key)
  if (!png) {
    const { size, maskable } = ICON_FILES[file]
    png =
      (await logoIcon(ctx, size)) ?? renderBrandIcon(size, brand.primaryColor, brand.secondaryColor, maskable)
    if (drawn.size >= 24) drawn.clear()
    drawn.set(key, png)
  }
  return new Response(png, {
    headers: { ...headers, 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' },
  })
}

/** The uploaded logo as a `size`² PNG, or null when there is none or it is not square (±10%) and large enough. */
async function logoIcon(ctx: PwaContext, size: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!ctx.db || !ctx.storage) return null
  const logoKey = (await readOrgSettingsRow(ctx.db))?.brandLogoKey
  if (!logoKey || logoKey.endsWith('.gif')) return null
  try {
    const blob = await ctx.storage.get(logoKey)
    if (!blob) return null
    const bytes = new Uint8Array(await blob.arrayBuffer())
    const { width, height } = await new Bun.Image(bytes).metadata()
    if (Math.min(width, height) < 144 || Math.abs(width - height) > 0.1 * Math.max(width, height)) return null
    return (await new Bun.Image(bytes)
      .resize(size, size, { fit: 'fill' })
      .png()
      .bytes()) as Uint8Array<ArrayBuffer>
  } catch {
    // An image Bun cannot decode still has the drawn mark.
    return null
  }
}
