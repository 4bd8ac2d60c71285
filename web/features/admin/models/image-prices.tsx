import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { t as translate, useT } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Input } from '../../../ui/input'
import { AdminFieldRow } from '../field-row'
import { isRefusal } from '../refusal-boundary'
import { parsePrice, priceText } from './model-form'
import { formatPrice } from './price'
import '../../../i18n/areas/adminModels'

export const imagePricesQuery = queryOptions({
  queryKey: ['admin', 'models', 'image-prices'],
  queryFn: async () => {
    const { data, error } = await api.admin.models['image-prices'].get()
    if (error) throw apiFailure(error, translate('adminModels.images.loadFailed'))
    return data.data
  },
})
type ImagePrices = Awaited<ReturnType<NonNullable<typeof imagePricesQuery.queryFn>>>
type ImagePrice = ImagePrices['items'][number]
type Size = ImagePrice['size']
type PriceChange = Partial<Record<Size, number | null>>

async function saveImagePrices(prices: PriceChange): Promise<ImagePrices> {
  const { data, error } = await api.admin.models['image-prices'].put({ prices })
  if (error) throw apiFailure(error, translate('adminModels.images.saveFailed'))
  return data.data
}

const formOf = (items: ImagePrice[]) =>
  Object.fromEntries(
    items.map((item) => [item.size, item.source === 'setting' ? priceText(item.price) : '']),
  ) as Record<Size, string>

/**
 * Admin → Models → Image generation: what one generated image costs by size. Each price shows
 * where it comes from (set here, IMAGE_PRICES, the default); an empty field, or Reset, returns it
 * there.
 */
export function ImagePricesCard() {
  const t = useT()
  const queryClient = useQueryClient()
  const prices = useQuery({ ...imagePricesQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  const [form, setForm] = useState<Record<Size, string> | null>(null)
  const [problems, setProblems] = useState<Partial<Record<Size, string>>>({})
  useEffect(() => {
    if (prices.data) setForm(formOf(prices.data.items))
  }, [prices.data])

  const save = useMutation({
    mutationFn: saveImagePrices,
    onSuccess: (saved, change) => {
      queryClient.setQueryData(imagePricesQuery.queryKey, saved)
      const cleared = Object.values(change).every((value) => value === null)
      toast.success(cleared ? t('adminModels.images.reset.done') : t('adminModels.images.saved'))
    },
    onError: (error) => toast.error(error.message),
  })

  if (prices.isError) return <Alert tone="error">{prices.error.message}</Alert>
  if (prices.isPending || !form) return null
  const items = prices.data.items

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!form) return
    const change: PriceChange = {}
    const found: Partial<Record<Size, string>> = {}
    for (const item of items) {
      const value = parsePrice(form[item.size])
      if (value === undefined) found[item.size] = t('adminModels.images.invalid')
      else if (value !== (item.source === 'setting' ? item.price : null)) change[item.size] = value
    }
    setProblems(found)
    if (Object.keys(found).length > 0) return
    if (Object.keys(change).length === 0) {
      toast.success(t('adminModels.images.saved'))
      return
    }
    save.mutate(change)
  }

  const sizeLabel = (size: Size) => t(`adminModels.images.size.${size}`)
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="image-prices-title"
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="image-prices"
    >
      <h3 id="image-prices-title" className="text-base font-semibold">
        {t('adminModels.images.title')}
      </h3>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('adminModels.images.hint')}</p>
      <div className="mt-2">
        {items.map((item) => {
          const resetting = save.isPending && save.variables?.[item.size] === null
          return (
            <AdminFieldRow
              key={item.size}
              label={sizeLabel(item.size)}
              badge={<PriceSource source={item.source} />}
              problem={problems[item.size]}
              hint={t(`adminModels.images.fallback.${item.fallbackSource}`, {
                price: formatPrice(item.fallbackPrice),
              })}
              reset={
                item.source === 'setting'
                  ? {
                      text: t('adminModels.images.reset'),
                      label: t('adminModels.images.resetLabel', { size: sizeLabel(item.size) }),
                      busy: resetting,
                      onClick: () => save.mutate({ [item.size]: null }),
                    }
                  : undefined
              }
            >
              {(control) => (
                <div className="flex items-center gap-1.5">
                  <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-hidden>
                    $
                  </span>
                  <Input
                    id={control.id}
                    aria-describedby={control.describedBy}
                    aria-invalid={control.invalid || undefined}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder={priceText(item.fallbackPrice)}
                    className="max-w-40"
                    value={form[item.size]}
                    onChange={(event) => setForm({ ...form, [item.size]: event.target.value })}
                    data-size={item.size}
                  />
                </div>
              )}
            </AdminFieldRow>
          )
        })}
      </div>
      <div className="mt-3 flex justify-end">
        <Button
          type="submit"
          busy={save.isPending && !Object.values(save.variables ?? {}).every((v) => v === null)}
        >
          {t('adminModels.images.save')}
        </Button>
      </div>
    </form>
  )
}

function PriceSource({ source }: { source: ImagePrice['source'] }) {
  const t = useT()
  return (
    <span
      data-source={source}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
        source === 'setting'
          ? 'bg-brand/10 text-brand-ink dark:bg-brand/20'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {t(`adminModels.images.source.${source}`)}
    </span>
  )
}
