import { t } from 'elysia'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { MICROS_PER_DOLLAR, type Micros, microsToDollars, parseDollars } from '../../budget/money'
import { readOrgSettingsRow } from '../../budget/org-settings-data'
import type { ImageSize } from '../../config/model-prices'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { IMAGE_PRICE_COLUMNS, imagePricesOf } from '../../images/prices'
import { adminImagePricesData, type ImagePriceColumns } from './image-prices-data'
import type { ImagePriceJson } from './model'

/** The highest price accepted for one image, in dollars: far above any real provider's. */
export const MAX_IMAGE_PRICE_DOLLARS = 1000

const price = t.Optional(
  t.Union([t.Number(), t.Null()], {
    error: 'An image price must be dollars, or null for the configured price',
  }),
)
/** Dollars per image by size; a size left out stays as it is, null returns it to IMAGE_PRICES (or the default). */
export const imagePricesBody = t.Object({
  prices: t.Object(
    { '1024x1024': price, '1024x1792': price, '1792x1024': price },
    { additionalProperties: false },
  ),
})
export type ImagePricesBody = typeof imagePricesBody.static

export async function listImagePrices(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<{ items: ImagePriceJson[] }> {
  const prices = imagePricesOf(ctx.config, await readOrgSettingsRow(ctx.db))
  return {
    items: prices.map((entry) => ({
      size: entry.size,
      price: microsToDollars(entry.priceMicros),
      source: entry.source,
      fallbackPrice: microsToDollars(entry.fallbackMicros),
      fallbackSource: entry.fallbackSource,
    })),
  }
}

/** Dollars to micro-dollars: 0 to MAX_IMAGE_PRICE_DOLLARS, at most six decimals, read through its decimal text. */
function imagePriceMicros(size: ImageSize, dollars: number | null): Micros | null {
  if (dollars === null) return null
  const micros = Number.isFinite(dollars) ? parseDollars(String(dollars)) : null
  if (micros === null || micros > MAX_IMAGE_PRICE_DOLLARS * MICROS_PER_DOLLAR) {
    throw new AppError(
      'bad_request:image_price',
      `The price of a ${size} image must be dollars from 0 to ${MAX_IMAGE_PRICE_DOLLARS} with at most six decimals, or null`,
    )
  }
  return micros
}

/** Sets (or, with null, clears) the administrators' image prices; audited with each change. */
export async function updateImagePrices(
  ctx: AppContext,
  admin: Actor & { email: string },
  body: ImagePricesBody,
  origin: RequestOrigin,
): Promise<{ items: ImagePriceJson[] }> {
  const values: ImagePriceColumns = {}
  for (const size of Object.keys(IMAGE_PRICE_COLUMNS) as ImageSize[]) {
    const given = body.prices[size]
    if (given !== undefined) values[IMAGE_PRICE_COLUMNS[size]] = imagePriceMicros(size, given)
  }
  await ctx.db.transaction(async (tx) => {
    const data = adminImagePricesData(tx)
    const before = await data.lock()
    await data.set(values, ctx.now())
    const changes: Record<string, { from: number | null; to: number | null }> = {}
    for (const size of Object.keys(IMAGE_PRICE_COLUMNS) as ImageSize[]) {
      const column = IMAGE_PRICE_COLUMNS[size]
      const to = values[column]
      if (to !== undefined && to !== before[column]) {
        changes[size] = {
          from: before[column] === null ? null : microsToDollars(before[column]),
          to: to === null ? null : microsToDollars(to),
        }
      }
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'model.image_prices', targetType: 'organisation', targetId: null, details: { changes } },
        origin,
      )
    }
  })
  return listImagePrices(ctx)
}
