import { MessageSquareText } from 'lucide-react'
import { useT } from '../i18n/i18n'
import { cn } from '../lib/cn'

/** The configured logo, or a gradient tile with a chat icon when no logo is set. */
export function BrandMark({
  logoUrl,
  name,
  className,
}: {
  logoUrl: string | null
  name: string
  className?: string
}) {
  const t = useT()
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt={t('common.brand.logo', { name })}
        className={cn('size-9 rounded-lg object-contain', className)}
      />
    )
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 items-center justify-center rounded-lg bg-gradient-to-br from-brand to-brand-2 text-white shadow-sm',
        className,
      )}
    >
      <MessageSquareText className="size-1/2" />
    </span>
  )
}
