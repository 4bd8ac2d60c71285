import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { LinkIcon, LogIn, MessageSquarePlus } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { formatDate } from '../../i18n/format'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { LoadingScreen } from '../../ui/loading-screen'
import { SessionGate } from '../auth/session-gate'
import { sessionQuery } from '../auth/session-query'
import { useBranding } from '../branding/use-branding'
import { SharedMessageView } from './shared-message'
import { sharedChatQuery } from './shared-query'
import '../../i18n/areas/share'

type Then = 'view' | 'continue'

/**
 * `/s/<token>` (issue 32): the shared snapshot, read only, under the organisation's brand, with
 * "Continue in my chats". Signed out, "Continue" (and, on a dead link, "Sign in") shows the sign-in
 * card; once signed in the page comes back and does what was asked.
 */
export default function SharedPage({ token }: { token: string }) {
  const [then, setThen] = useState<Then | null>(null)
  if (then)
    return (
      <SessionGate>
        {() => <SharedView token={token} autoContinue={then === 'continue'} onSignIn={setThen} />}
      </SessionGate>
    )
  return <SharedView token={token} autoContinue={false} onSignIn={setThen} />
}

function SharedView({
  token,
  autoContinue,
  onSignIn,
}: {
  token: string
  autoContinue: boolean
  onSignIn: (then: Then) => void
}) {
  const t = useT()
  const session = useQuery(sessionQuery)
  const viewerId = session.data?.id ?? null
  const shared = useQuery({ ...sharedChatQuery(token, viewerId), enabled: !session.isPending })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const fork = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.shares({ id: token }).fork.post()
      if (error) throw apiFailure(error, translate('share.page.continueFailed'))
      return data.data.chat
    },
    onSuccess: (chat) => {
      void queryClient.invalidateQueries({ queryKey: ['chats'] })
      void navigate({ to: '/c/$chatId', params: { chatId: chat.id } })
    },
    onError: (error) => toast.error(error.message || t('share.page.continueFailed')),
  })
  const started = useRef(false)
  useEffect(() => {
    if (!autoContinue || started.current || !viewerId || !shared.data) return
    started.current = true
    fork.mutate()
  }, [autoContinue, viewerId, shared.data, fork])

  if (session.isPending || shared.isPending) return <LoadingScreen />
  if (shared.isError || !shared.data)
    return (
      <Frame>
        <div
          className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center"
          data-testid="shared-dead"
        >
          <LinkIcon className="size-10 text-zinc-400" aria-hidden />
          <h1 className="text-2xl font-bold">{t('share.page.deadTitle')}</h1>
          <p className="max-w-md text-zinc-600 dark:text-zinc-400">{t('share.page.deadText')}</p>
          {viewerId ? null : (
            <>
              <p className="max-w-md text-zinc-600 dark:text-zinc-400">{t('share.page.deadSignIn')}</p>
              <Button onClick={() => onSignIn('view')} data-testid="shared-sign-in">
                <LogIn className="size-4" aria-hidden />
                {t('share.page.signIn')}
              </Button>
            </>
          )}
          <a href="/" className="font-medium text-brand-ink underline-offset-4 hover:underline">
            {t('common.backToApp')}
          </a>
        </div>
      </Frame>
    )
  const chat = shared.data
  const continueButton = viewerId ? (
    <Button onClick={() => fork.mutate()} busy={fork.isPending} data-testid="shared-continue">
      <MessageSquarePlus className="size-4" aria-hidden />
      {t('share.page.continue')}
    </Button>
  ) : (
    <Button onClick={() => onSignIn('continue')} data-testid="shared-continue">
      <LogIn className="size-4" aria-hidden />
      {t('share.page.signInToContinue')}
    </Button>
  )
  return (
    <Frame>
      <main
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6"
        aria-label={t('share.page.label')}
      >
        <div className="flex flex-col gap-1 border-b border-zinc-200 pb-4 dark:border-zinc-800">
          <h1 className="text-2xl font-bold break-words" data-testid="shared-title">
            {chat.title}
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('share.page.sharedOn', { date: formatDate(chat.created_at) })} · {t('share.page.readOnly')}
          </p>
        </div>
        <div className="flex flex-col gap-5">
          {chat.messages.map((message) => (
            <SharedMessageView key={message.id} message={message} token={token} files={chat.files} />
          ))}
        </div>
        <div className="sticky bottom-0 -mx-4 flex justify-center border-t border-zinc-200 bg-zinc-50/90 px-4 py-3 backdrop-blur sm:-mx-6 dark:border-zinc-800 dark:bg-zinc-950/90">
          {continueButton}
        </div>
      </main>
    </Frame>
  )
}

/** The page's frame: the organisation's brand on top, as the app's header shows it. */
function Frame({ children }: { children: ReactNode }) {
  const branding = useBranding()
  return (
    <div className="flex min-h-full flex-col bg-zinc-50 dark:bg-zinc-950">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white/80 px-3 dark:border-zinc-800 dark:bg-zinc-900/80">
        <a href="/" className="flex min-w-0 items-center gap-2">
          <BrandMark logoUrl={branding.logoUrl} name={branding.companyName} className="size-8" />
          <span className="truncate font-semibold">{branding.companyName}</span>
        </a>
      </header>
      {children}
    </div>
  )
}
