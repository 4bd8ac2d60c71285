import { Plus } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { SLOT, withNode } from '../../ui/with-node'
import { useBranding, useTagline } from '../branding/use-branding'
import '../../i18n/areas/shell'

/** Shown in the message area when there is no chat, or the chat has no messages yet. */
export function Welcome({
  name,
  onCreateChat,
  creating,
}: {
  name: string | null
  onCreateChat: () => void
  creating: boolean
}) {
  const t = useT()
  const branding = useBranding()
  const tagline = useTagline()
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 text-center" data-testid="welcome">
      <BrandMark logoUrl={branding.logoUrl} name={branding.productName} className="size-16 rounded-2xl" />
      <h2 className="mt-6 text-3xl font-bold tracking-tight">
        {withNode(
          t('shell.welcome.title', { product: SLOT }),
          <span className="bg-gradient-to-r from-brand to-brand-2 bg-clip-text text-transparent">
            {branding.productName}
          </span>,
        )}
      </h2>
      {name ? (
        <p className="mt-2 text-lg text-zinc-700 dark:text-zinc-300">{t('shell.welcome.hello', { name })}</p>
      ) : null}
      {tagline ? <p className="mt-3 text-zinc-600 dark:text-zinc-400">{tagline}</p> : null}
      <Button className="mt-6" onClick={onCreateChat} busy={creating} data-testid="welcome-new-chat">
        <Plus className="size-4" aria-hidden /> {t('shell.welcome.newChat')}
      </Button>
    </section>
  )
}
