import { cn } from '../lib/cn'

/** The avatar image, or the initials on a brand gradient. */
export function UserAvatar({
  url,
  name,
  className,
}: {
  url: string | null | undefined
  name: string
  className?: string
}) {
  const initials =
    name
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || 'U'
  if (url) return <img src={url} alt="" className={cn('size-8 rounded-full object-cover', className)} />
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-brand to-brand-2 text-xs font-semibold text-white',
        className,
      )}
    >
      {initials}
    </span>
  )
}
