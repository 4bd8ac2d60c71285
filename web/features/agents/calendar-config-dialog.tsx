import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarCheck, CalendarX, Check, Copy, Link2 } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Input, Label } from '../../ui/input'
import { LoadingScreen } from '../../ui/loading-screen'
import { agentsQuery, type CalendarState, putAgent } from './agents-api'
import { disconnectCalendar, saveCalendarOAuth, startCalendarConnection } from './calendar-api'
import '../../i18n/areas/agentSettings'

/**
 * Calendar Agent Configuration (spec section 2): the OAuth client (redirect URL, client id and
 * secret), then the connection to the user's calendar. The secret is written, never read back:
 * once saved the field may stay empty to keep it.
 */
export default function CalendarConfigDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const agents = useQuery(agentsQuery)
  const calendar = agents.data?.find((agent) => agent.id === 'calendar')
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('agentSettings.calendar.title')}
      description={t('agentSettings.calendar.description')}
      testId="calendar-config-dialog"
    >
      {agents.isError ? (
        <Alert tone="error">{agents.error.message}</Alert>
      ) : agents.isPending ? (
        <LoadingScreen />
      ) : !calendar?.calendar ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('agentSettings.calendar.notOffered')}</p>
      ) : (
        <CalendarForm state={calendar.calendar} onClose={onClose} />
      )}
    </Dialog>
  )
}

function CalendarForm({ state, onClose }: { state: CalendarState; onClose: () => void }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  // Parley's own callback (a saved one, from before it was read-only, is what the connection uses):
  // shown to be copied into the provider's console, not edited (decision 144).
  const redirectUrl = state.redirectUrl || state.defaultRedirectUrl
  const [clientId, setClientId] = useState(state.clientId)
  const [clientSecret, setClientSecret] = useState('')
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    setClientId(state.clientId)
  }, [state.clientId])

  async function copyRedirectUrl() {
    const field = document.getElementById(`${id}-redirect`) as HTMLInputElement | null
    try {
      await navigator.clipboard.writeText(redirectUrl)
    } catch {
      // No clipboard API (a plain-http address): copy the selected field the old way.
      field?.select()
      if (!document.execCommand('copy')) return void toast.error(t('agentSettings.calendar.copyFailed'))
    }
    setCopied(true)
    setTimeout(() => setCopied(false), 2000)
  }

  const save = useMutation({
    mutationFn: () =>
      saveCalendarOAuth({
        // Unchanged: an empty value keeps Parley's own callback.
        redirectUrl: state.redirectUrl,
        clientId: clientId.trim(),
        clientSecret: clientSecret.trim(),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(agentsQuery.queryKey, (list) => putAgent(list, saved))
      setClientSecret('')
      toast.success(t('agentSettings.calendar.saved'))
    },
    // Spec section 8: errors when saving the calendar configuration are logged only.
    onError: (error) => console.error('Saving the calendar configuration failed:', error),
  })

  const connect = useMutation({
    mutationFn: startCalendarConnection,
    // The provider asks the user, then sends the browser back to /?calendar=connected|failed.
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    onError: (error) => toast.error(error.message),
  })

  const disconnect = useMutation({
    mutationFn: disconnectCalendar,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentsQuery.queryKey })
      toast.success(t('agentSettings.calendar.disconnected'))
    },
    onError: (error) => toast.error(error.message),
  })

  const canSave = clientId.trim() !== '' && (clientSecret.trim() !== '' || state.clientSecretSaved)
  const savedClient = state.clientId !== '' && state.clientSecretSaved
  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSave && !save.isPending) save.mutate()
  }

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="calendar-form">
        <div>
          <Label htmlFor={`${id}-redirect`}>{t('agentSettings.calendar.redirectUrl')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-redirect`}
              type="url"
              readOnly
              value={redirectUrl}
              onFocus={(event) => event.currentTarget.select()}
              aria-describedby={`${id}-redirect-hint`}
              className="min-w-0 flex-1 bg-zinc-50 font-mono text-xs text-zinc-700 dark:bg-zinc-950 dark:text-zinc-300"
              data-testid="calendar-redirect-url"
            />
            <Button
              variant="outline"
              onClick={() => void copyRedirectUrl()}
              aria-label={
                copied ? t('agentSettings.calendar.copied') : t('agentSettings.calendar.copyRedirect')
              }
              data-testid="calendar-redirect-copy"
            >
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              <span aria-hidden>
                {copied ? t('agentSettings.calendar.copied') : t('agentSettings.calendar.copy')}
              </span>
            </Button>
          </div>
          <p id={`${id}-redirect-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {t('agentSettings.calendar.redirectHint')}
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-client`}>{t('agentSettings.calendar.clientId')}</Label>
          <Input
            id={`${id}-client`}
            required
            autoComplete="off"
            value={clientId}
            onChange={(event) => setClientId(event.target.value)}
            data-testid="calendar-client-id"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-secret`}>{t('agentSettings.calendar.clientSecret')}</Label>
          <Input
            id={`${id}-secret`}
            type="password"
            required={!state.clientSecretSaved}
            autoComplete="new-password"
            value={clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
            placeholder={state.clientSecretSaved ? t('agentSettings.calendar.secretKeep') : undefined}
            aria-describedby={state.clientSecretSaved ? `${id}-secret-saved` : undefined}
            data-testid="calendar-client-secret"
          />
          {state.clientSecretSaved ? (
            <p
              id={`${id}-secret-saved`}
              className="mt-1 text-xs text-emerald-800 dark:text-emerald-300"
              data-testid="calendar-secret-saved"
            >
              {t('agentSettings.calendar.secretSaved')}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={!canSave} busy={save.isPending} data-testid="calendar-save">
            {save.isPending ? t('agentSettings.calendar.saving') : t('agentSettings.calendar.save')}
          </Button>
        </div>
      </form>

      <section
        aria-labelledby={`${id}-connection`}
        className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
        data-testid="calendar-connection"
        data-state={state.connected ? 'connected' : state.needsReconnect ? 'reconnect' : 'disconnected'}
      >
        <h3 id={`${id}-connection`} className="text-sm font-semibold">
          {t('agentSettings.calendar.connection')}
        </h3>
        {state.connected ? (
          <div className="mt-2 flex items-center justify-between gap-3">
            <p className="flex min-w-0 flex-1 items-center gap-2 text-sm">
              <CalendarCheck className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              <span className="min-w-0 break-all" data-testid="calendar-email">
                {state.email
                  ? t('agentSettings.calendar.connectedAs', { email: state.email })
                  : t('agentSettings.calendar.connectedNoEmail')}
              </span>
            </p>
            <Button
              variant="outline"
              size="sm"
              busy={disconnect.isPending}
              onClick={() => disconnect.mutate()}
              data-testid="calendar-disconnect"
            >
              {t('agentSettings.calendar.disconnect')}
            </Button>
          </div>
        ) : (
          <div className="mt-2 flex flex-col gap-3">
            {state.needsReconnect ? (
              <p className="flex items-start gap-2 text-sm text-amber-900 dark:text-amber-200" role="status">
                <CalendarX className="mt-0.5 size-4 shrink-0" aria-hidden />
                {t('agentSettings.calendar.needsReconnect')}
              </p>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {savedClient
                  ? t('agentSettings.calendar.notConnected')
                  : t('agentSettings.calendar.saveFirst')}
              </p>
            )}
            {savedClient ? (
              <Button
                className="self-start"
                busy={connect.isPending}
                onClick={() => connect.mutate()}
                data-testid="calendar-connect"
              >
                {!connect.isPending && <Link2 className="size-4" aria-hidden />}
                {state.needsReconnect
                  ? t('agentSettings.calendar.reconnect')
                  : t('agentSettings.calendar.connect')}
              </Button>
            ) : null}
          </div>
        )}
      </section>
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </div>
  )
}
