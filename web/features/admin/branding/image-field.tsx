import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ImageOff, Trash2, Upload } from 'lucide-react'
import { type ChangeEvent, useRef } from 'react'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import { Button } from '../../../ui/button'
import { brandingQuery } from '../../branding/branding-query'
import {
  type AdminBranding,
  adminBrandingQuery,
  type BrandImageKind,
  removeBrandImage,
  uploadBrandImage,
} from './branding-admin-query'
import { FieldRow } from './field-row'
import '../../../i18n/areas/adminBranding'

const MAX_BYTES = 5_242_880

/** Stores what the server answered as this tab's admin view and app brand. */
export function useApplySaved() {
  const queryClient = useQueryClient()
  return (saved: AdminBranding) => {
    queryClient.setQueryData(adminBrandingQuery.queryKey, saved)
    queryClient.setQueryData(brandingQuery.queryKey, saved.effective)
  }
}

/**
 * The logo or the login background: what is shown now (uploaded, the BRAND_* image, or none),
 * Upload / Replace (checked here as avatars are, then by the server) and Remove (back to the default).
 */
export function ImageField({ kind, branding }: { kind: BrandImageKind; branding: AdminBranding }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const applySaved = useApplySaved()
  const isLogo = kind === 'logo'
  const label = isLogo ? t('adminBranding.logo') : t('adminBranding.loginBackground')
  const url = isLogo ? branding.effective.logoUrl : branding.effective.loginBackgroundUrl
  const custom = isLogo ? branding.setByAdmin.logoUrl : branding.setByAdmin.loginBackgroundUrl

  const upload = useMutation({
    mutationFn: (file: File) => uploadBrandImage(kind, file),
    onSuccess: (saved) => {
      applySaved(saved)
      toast.success(t('adminBranding.uploaded'))
    },
    onError: (error) => toast.error(error.message),
  })
  const remove = useMutation({
    mutationFn: () => removeBrandImage(kind),
    onSuccess: (saved) => {
      applySaved(saved)
      toast.success(t('adminBranding.removed'))
    },
    onError: (error) => toast.error(error.message),
  })
  const busy = upload.isPending || remove.isPending

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) return void toast.error(t('adminBranding.notImage'))
    if (file.size > MAX_BYTES) return void toast.error(t('adminBranding.tooLarge'))
    upload.mutate(file)
  }

  return (
    <FieldRow
      label={label}
      hint={isLogo ? t('adminBranding.logoHint') : t('adminBranding.loginBackgroundHint')}
      custom={custom}
      resetting={false}
    >
      {(control) => (
        <div className="flex flex-wrap items-center gap-3">
          <div
            className={cn(
              'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-800',
              isLogo ? 'size-16' : 'h-16 w-28',
            )}
          >
            {url ? (
              <img
                src={url}
                alt={t('adminBranding.imagePreview', { field: label })}
                className={cn('size-full', isLogo ? 'object-contain' : 'object-cover')}
                data-testid={`${kind}-preview`}
              />
            ) : (
              <span className="flex flex-col items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
                <ImageOff className="size-4" aria-hidden />
                {t('adminBranding.noImage')}
              </span>
            )}
          </div>
          <input
            ref={input}
            id={control.id}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-describedby={control.describedBy}
            data-testid={`${kind}-input`}
            onChange={choose}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              busy={upload.isPending}
              disabled={busy}
              onClick={() => input.current?.click()}
              aria-label={
                custom
                  ? t('adminBranding.replaceLabel', { field: label })
                  : t('adminBranding.uploadLabel', { field: label })
              }
            >
              {!upload.isPending && <Upload className="size-3.5" aria-hidden />}
              {custom ? t('adminBranding.replace') : t('adminBranding.upload')}
            </Button>
            {custom && (
              <Button
                variant="ghost"
                size="sm"
                busy={remove.isPending}
                disabled={busy}
                onClick={() => remove.mutate()}
                aria-label={t('adminBranding.removeLabel', { field: label })}
              >
                {!remove.isPending && <Trash2 className="size-3.5" aria-hidden />}
                {t('adminBranding.remove')}
              </Button>
            )}
          </div>
        </div>
      )}
    </FieldRow>
  )
}
