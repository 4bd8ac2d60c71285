import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, Copy, Globe, Link2, Users } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Input, Label } from '../../ui/input'
import { Select } from '../../ui/select'
import { ShareLinks } from './share-links'
import { closeShareDialog } from './share-ui'
import { chatSharesQuery } from './shares-query'
import '../../i18n/areas/share'

type Audience = 'organization' | 'public'
type Expiry = 'never' | 'day' | 'week' | 'month'
const EXPIRY_DAYS: Record<Expiry, number | null> = { never: null, day: 1, week: 7, month: 30 }

/** "Share": who may open the link, when it expires, the link made (copy it), and the chat's links (issue 32). */
export default function ShareDialog({ chatId, title }: { chatId: string; title: string }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const shares = useQuery(chatSharesQuery(chatId))
  const [audience, setAudience] = useState<Audience>('organization')
  const [expiry, setExpiry] = useState<Expiry>('never')
  const [made, setMade] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const publicAllowed = shares.data?.public_links === true
  const create = useMutation({
    mutationFn: async () => {
      const days = EXPIRY_DAYS[expiry]
      const { data, error } = await api.chats({ id: chatId }).shares.post({
        audience: publicAllowed ? audience : 'organization',
        ...(days ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
      })
      if (error) throw apiFailure(error, translate('share.dialog.createFailed'))
      return data.data
    },
    onSuccess: (data) => {
      setMade(data.url)
      setCopied(false)
      void queryClient.invalidateQueries({ queryKey: chatSharesQuery(chatId).queryKey })
    },
    onError: (error) => setProblem(error.message || t('share.dialog.createFailed')),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setProblem(null)
    create.mutate()
  }

  async function copy() {
    if (!made) return
    await navigator.clipboard.writeText(made).catch(() => undefined)
    setCopied(true)
    toast.success(t('share.dialog.copied'))
  }

  const choices: { value: Audience; label: string; hint: string; icon: typeof Users }[] = [
    {
      value: 'organization',
      label: t('share.dialog.organization'),
      hint: t('share.dialog.organizationHint'),
      icon: Users,
    },
    ...(publicAllowed
      ? [
          {
            value: 'public' as const,
            label: t('share.dialog.public'),
            hint: t('share.dialog.publicHint'),
            icon: Globe,
          },
        ]
      : []),
  ]

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeShareDialog()
      }}
      title={t('share.dialog.title', { title })}
      description={t('share.dialog.description')}
      testId="share-dialog"
    >
      <div className="flex flex-col gap-5">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">{t('share.dialog.audience')}</legend>
            <div className={cn('grid gap-2', choices.length > 1 && 'sm:grid-cols-2')}>
              {choices.map((choice) => (
                <label
                  key={choice.value}
                  className={cn(
                    'flex cursor-pointer flex-col gap-0.5 rounded-lg border px-3 py-2',
                    'focus-within:outline-2 focus-within:outline-brand',
                    audience === choice.value || choices.length === 1
                      ? 'border-brand bg-brand/5 dark:bg-brand/15'
                      : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700',
                  )}
                >
                  <span className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="radio"
                      name={`${id}-audience`}
                      value={choice.value}
                      checked={audience === choice.value}
                      onChange={() => setAudience(choice.value)}
                      className="size-4 accent-brand"
                      data-testid={`share-audience-${choice.value}`}
                    />
                    <choice.icon className="size-4 text-zinc-500" aria-hidden />
                    {choice.label}
                  </span>
                  <span className="pl-6 text-xs text-zinc-600 dark:text-zinc-400">{choice.hint}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-expiry`}>{t('share.dialog.expiry')}</Label>
            <Select
              id={`${id}-expiry`}
              value={expiry}
              onValueChange={setExpiry}
              data-testid="share-expiry"
              options={(['never', 'day', 'week', 'month'] as const).map((value) => ({
                value,
                label: t(`share.dialog.expiry.${value}`),
              }))}
            />
          </div>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <div className="flex justify-end">
            <Button type="submit" busy={create.isPending} data-testid="share-create">
              <Link2 className="size-4" aria-hidden />
              {t('share.dialog.create')}
            </Button>
          </div>
        </form>
        {made ? (
          <div className="flex flex-col gap-1.5 rounded-lg border border-brand/40 bg-brand/5 p-3 dark:bg-brand/10">
            <Label htmlFor={`${id}-url`}>{t('share.dialog.url')}</Label>
            <div className="flex gap-2">
              <Input
                id={`${id}-url`}
                readOnly
                value={made}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="share-url"
                className="min-w-0 flex-1 font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={copy} data-testid="share-copy">
                {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
                {t('share.dialog.copy')}
              </Button>
            </div>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('share.dialog.onlyOnce')}</p>
          </div>
        ) : null}
        <ShareLinks chatId={chatId} query={shares} />
      </div>
    </Dialog>
  )
}
