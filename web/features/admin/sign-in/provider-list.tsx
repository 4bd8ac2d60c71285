import * as Switch from '@radix-ui/react-switch'
import { Pencil, Server, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { CopyField } from '../../../ui/copy-field'
import type { IdentityProvider } from './sign-in-query'
import '../../../i18n/areas/adminSignIn'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'

/** Where the provider sends people back to (it must be registered there). Parley's own address. */
export const redirectUriOf = (id: string) => `${window.location.origin}/api/auth/oidc/${id}/callback`

interface ListProps {
  providers: IdentityProvider[]
  /** The id whose switch is being saved. */
  switching: string | null
  onToggle: (provider: IdentityProvider, enabled: boolean) => void
  onEdit: (provider: IdentityProvider) => void
  onDelete: (provider: IdentityProvider) => void
}

/** The providers, one card each: name, state, issuer, the redirect URI to register; the one from OIDC_* read-only. */
export function ProviderList({ providers, switching, onToggle, onEdit, onDelete }: ListProps) {
  const t = useT()
  if (providers.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        data-testid="providers-empty"
      >
        {t('adminSignIn.providers.empty')}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {providers.map((provider) => (
        <ProviderRow
          key={provider.id}
          provider={provider}
          busy={switching === provider.id}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </ul>
  )
}

function ProviderRow({
  provider,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: Omit<ListProps, 'providers' | 'switching'> & { provider: IdentityProvider; busy: boolean }) {
  const t = useT()
  const redirectId = useId()
  const fromEnvironment = provider.source === 'environment'
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4"
      data-testid="provider-row"
      data-provider={provider.id}
      data-enabled={provider.enabled}
    >
      <div className="flex items-start gap-3">
        <Switch.Root
          checked={provider.enabled}
          disabled={busy || fromEnvironment}
          onCheckedChange={(enabled) => onToggle(provider, enabled)}
          aria-label={t('adminSignIn.providers.enable', { label: provider.label })}
          data-testid="provider-switch"
          className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 data-[state=checked]:bg-brand dark:bg-zinc-600"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <div className={`min-w-0 flex-1 ${provider.enabled ? '' : 'opacity-70'}`}>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="font-medium" data-testid="provider-label">
              {provider.label}
            </span>
            {provider.enabled ? (
              <span
                className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`}
              >
                {t('adminSignIn.providers.enabled')}
              </span>
            ) : (
              <span className={`${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}>
                {t('adminSignIn.providers.disabled')}
              </span>
            )}
            {fromEnvironment ? (
              <span
                className={`${badge} bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200`}
                data-testid="environment-badge"
              >
                <Server className="size-3" aria-hidden />
                {t('adminSignIn.providers.environment')}
              </span>
            ) : null}
          </div>
          <div className="mt-0.5 font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
            {provider.issuer}
          </div>
          {fromEnvironment ? (
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
              {t('adminSignIn.providers.environmentHint')}
            </p>
          ) : null}
        </div>
        {fromEnvironment ? null : (
          <div className="flex shrink-0 gap-1">
            <Button
              variant="outline"
              size="icon"
              onClick={() => onEdit(provider)}
              aria-label={t('adminSignIn.providers.editLabel', { label: provider.label })}
              title={t('adminSignIn.providers.edit')}
              data-testid="edit-provider"
            >
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              onClick={() => onDelete(provider)}
              aria-label={t('adminSignIn.providers.deleteLabel', { label: provider.label })}
              title={t('adminSignIn.providers.delete')}
              className="text-red-700 dark:text-red-300"
              data-testid="delete-provider"
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        )}
      </div>
      <div className="sm:ps-14">
        <label
          htmlFor={redirectId}
          className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300"
        >
          {t('adminSignIn.providers.redirectUri')}
        </label>
        <CopyField
          id={redirectId}
          value={redirectUriOf(provider.id)}
          describedBy={`${redirectId}-hint`}
          testId="redirect-uri"
        />
        <p id={`${redirectId}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {t('adminSignIn.providers.redirectUriHint')}
        </p>
      </div>
    </li>
  )
}
