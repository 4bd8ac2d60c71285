import type { OrgSettings } from '../../db/schema'
import type { Micros } from '../budget/money'
import { readOrgSettingsRow } from '../budget/org-settings-data'
import { DEFAULT_IMAGE_PRICES, IMAGE_SIZES, type ImageSize } from '../config/model-prices'
import type { AppContext } from '../context'

export type ImagePriceSource = 'setting' | 'environment' | 'default'

/** The org_settings column that holds each size's price (null: not set by an administrator). */
export const IMAGE_PRICE_COLUMNS = {
  '1024x1024': 'imagePriceSquareMicros',
  '1024x1792': 'imagePricePortraitMicros',
  '1792x1024': 'imagePriceLandscapeMicros',
} as const satisfies Record<ImageSize, keyof OrgSettings>

export interface ImagePrice {
  size: ImageSize
  priceMicros: Micros
  source: ImagePriceSource
  /** What the size costs without the administrators' setting: IMAGE_PRICES, else the default. */
  fallbackMicros: Micros
  fallbackSource: Exclude<ImagePriceSource, 'setting'>
}

/** Each size's price: the administrators' setting, else IMAGE_PRICES, else the default (docs/decisions/123). */
export function imagePricesOf(config: AppContext['config'], row: OrgSettings | null): ImagePrice[] {
  return IMAGE_SIZES.map((size) => {
    const environment = config.ai.imagePrices[size]
    const fallbackMicros = environment ?? DEFAULT_IMAGE_PRICES[size]
    const fallbackSource = environment === undefined ? ('default' as const) : ('environment' as const)
    const setting = row?.[IMAGE_PRICE_COLUMNS[size]] ?? null
    return setting === null
      ? { size, priceMicros: fallbackMicros, source: fallbackSource, fallbackMicros, fallbackSource }
      : { size, priceMicros: setting, source: 'setting' as const, fallbackMicros, fallbackSource }
  })
}

/** What one image of this size costs now. */
export async function imagePrice(ctx: Pick<AppContext, 'db' | 'config'>, size: ImageSize): Promise<Micros> {
  const prices = imagePricesOf(ctx.config, await readOrgSettingsRow(ctx.db))
  return prices.find((price) => price.size === size)!.priceMicros
}
