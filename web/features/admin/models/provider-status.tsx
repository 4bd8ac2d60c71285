import { useQuery } from '@tanstack/react-query'
import {
  Bot,
  BrainCircuit,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleMinus,
  Search,
  Webhook,
} from 'lucide-react'
import { formatRelative } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { Alert } from '../../../ui/alert'
import { type ProviderStatus, providersQuery } from './models-query'
import '../../../i18n/areas/adminModels'

const ICONS = { openai: Bot, workflow: Webhook, search: Search, embeddings: BrainCircuit } as const
const VARIABLES = {
  openai: 'OPENAI_BASE_URL',
  workflow: 'N8N_WEBHOOK_URL',
  search: 'SEARXNG_URL',
  embeddings: 'OPENAI_BASE_URL',
} as const

const STATE_STYLE = {
  ok: {
    icon: CircleCheck,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  },
  error: { icon: CircleAlert, className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
  unknown: { icon: CircleDashed, className: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  not_configured: {
    icon: CircleMinus,
    className: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
  },
} as const

/** Each outside service: configured or not, working or its last error, with when. */
export function ProviderStatusPanel() {
  const t = useT()
  const providers = useQuery({ ...providersQuery, refetchInterval: 30_000 })
  return (
    <section aria-labelledby="providers-title" data-testid="provider-status">
      <h3 id="providers-title" className="text-base font-semibold">
        {t('adminModels.providers.title')}
      </h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('adminModels.providers.hint')}</p>
      {providers.isError ? (
        <div className="mt-3">
          <Alert tone="error">{providers.error.message}</Alert>
        </div>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {(providers.data ?? []).map((provider) => (
            <ProviderCard key={provider.id} provider={provider} />
          ))}
        </ul>
      )}
    </section>
  )
}

function ProviderCard({ provider }: { provider: ProviderStatus }) {
  const t = useT()
  const Icon = ICONS[provider.id]
  const state = STATE_STYLE[provider.state]
  const StateIcon = state.icon
  const configured = provider.configured
  return (
    <li
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-xl border p-4',
        configured
          ? 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'
          : 'border-dashed border-zinc-300 dark:border-zinc-700',
      )}
      data-testid={`provider-${provider.id}`}
      data-state={provider.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
        <span className="font-medium">{t(`adminModels.providers.${provider.id}`)}</span>
        <span
          className={cn(
            'ms-auto inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
            state.className,
          )}
        >
          <StateIcon className="size-3" aria-hidden />
          {t(`adminModels.state.${provider.state}`)}
        </span>
      </div>
      {configured ? (
        <div className="flex flex-col gap-0.5 text-sm text-zinc-700 dark:text-zinc-300">
          {provider.host ? (
            <span className="break-all">{t('adminModels.providers.host', { host: provider.host })}</span>
          ) : null}
          {provider.model ? (
            <span className="break-all">{t('adminModels.providers.model', { model: provider.model })}</span>
          ) : null}
          {provider.lastSuccessAt ? (
            <span className="text-zinc-600 dark:text-zinc-400">
              {t('adminModels.providers.lastSuccess', { when: formatRelative(provider.lastSuccessAt) })}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('adminModels.providers.notConfiguredHint', { variable: VARIABLES[provider.id] })}
        </p>
      )}
      {provider.lastError && provider.lastErrorAt ? (
        <div
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            provider.state === 'error'
              ? 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
              : 'bg-zinc-50 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300',
          )}
        >
          <span className="font-medium">
            {t('adminModels.providers.lastError', { when: formatRelative(provider.lastErrorAt) })}
          </span>
          <span className="mt-0.5 block break-words" data-testid="provider-last-error">
            {provider.lastError}
          </span>
        </div>
      ) : null}
    </li>
  )
}
