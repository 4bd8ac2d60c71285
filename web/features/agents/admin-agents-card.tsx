import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { isRefusal } from '../admin/refusal-boundary'
import { type AdminAgent, type AdminAgentChange, adminAgentsQuery, saveAdminAgent } from './admin-agents-api'
import { agentName } from './agent-names'
import { AgentSwitch } from './agent-switch'
import '../../i18n/areas/agents'
import '../../i18n/areas/agentSettings'

const MAX_TIMEOUT_SECONDS = 3600

/**
 * Admin → Models → Agents: per agent, whether the organisation offers it and the workflow it runs
 * through (webhook URL, shared secret, time limit). Empty fields fall back to N8N_WEBHOOK_URL,
 * WORKFLOW_SIGNING_SECRET and the default time limit. Lazily loaded with its own texts.
 */
export default function AdminAgentsCard() {
  const t = useT()
  const agents = useQuery({ ...adminAgentsQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  return (
    <section
      aria-labelledby="admin-agents-title"
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="admin-agents"
    >
      <h3 id="admin-agents-title" className="text-base font-semibold">
        {t('agentSettings.admin.title')}
      </h3>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('agentSettings.admin.hint')}</p>
      {agents.isError ? (
        <div className="mt-3">
          <Alert tone="error">{agents.error.message}</Alert>
        </div>
      ) : agents.isPending ? null : (
        <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
          {agents.data.map((agent) => (
            <li key={agent.id} className="py-4 last:pb-0">
              <AgentWorkflowForm agent={agent} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function AgentWorkflowForm({ agent }: { agent: AdminAgent }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const [webhookUrl, setWebhookUrl] = useState(agent.webhookUrl ?? '')
  const [secret, setSecret] = useState('')
  const [timeout, setTimeoutText] = useState(
    agent.timeoutSeconds === null ? '' : String(agent.timeoutSeconds),
  )
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    setWebhookUrl(agent.webhookUrl ?? '')
    setTimeoutText(agent.timeoutSeconds === null ? '' : String(agent.timeoutSeconds))
  }, [agent.webhookUrl, agent.timeoutSeconds])
  const name = agentName(agent)

  const save = useMutation({
    mutationFn: (change: AdminAgentChange) => saveAdminAgent(agent.id, change),
    onSuccess: (saved, change) => {
      queryClient.setQueryData(adminAgentsQuery.queryKey, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      )
      // Users' agent lists follow (the server also tells their sockets).
      void queryClient.invalidateQueries({ queryKey: ['agents'] })
      if (change.secret !== undefined) setSecret('')
      toast.success(t('agentSettings.admin.saved', { name }))
    },
    onError: (error) => toast.error(error.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = timeout.trim()
    const seconds = trimmed === '' ? null : Number(trimmed)
    if (seconds !== null && (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_TIMEOUT_SECONDS)) {
      setProblem(t('agentSettings.admin.invalidTimeout'))
      return
    }
    setProblem(null)
    save.mutate({
      webhookUrl: webhookUrl.trim() || null,
      timeoutSeconds: seconds,
      ...(secret.trim() ? { secret: secret.trim() } : {}),
    })
  }

  return (
    <form onSubmit={submit} noValidate data-agent={agent.id} data-testid="admin-agent">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium">{name}</span>
          {agent.usesDefaults ? (
            <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {t('agentSettings.admin.usesDefaults')}
            </span>
          ) : null}
        </div>
        <AgentSwitch
          checked={
            save.isPending && save.variables.offered !== undefined ? save.variables.offered : agent.offered
          }
          disabled={save.isPending}
          onChange={(offered) => save.mutate({ offered })}
          label={t('agentSettings.admin.offer', { name })}
          testId="admin-agent-offered"
        />
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)]">
        <div>
          <Label htmlFor={`${id}-url`}>{t('agentSettings.admin.webhookUrl')}</Label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://n8n.example.com/webhook/…"
            value={webhookUrl}
            onChange={(event) => setWebhookUrl(event.target.value)}
            data-testid="admin-agent-url"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-secret`} className="flex items-center gap-2">
            {t('agentSettings.admin.secret')}
            {agent.secretSaved ? (
              <span
                className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200"
                data-testid="admin-agent-secret-saved"
              >
                {t('agentSettings.admin.secretSaved')}
              </span>
            ) : null}
          </Label>
          <Input
            id={`${id}-secret`}
            type="password"
            autoComplete="new-password"
            placeholder={agent.secretSaved ? '••••••••' : undefined}
            title={agent.secretSaved ? t('agentSettings.admin.secretKeep') : undefined}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            data-testid="admin-agent-secret"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-timeout`}>{t('agentSettings.admin.timeout')}</Label>
          <Input
            id={`${id}-timeout`}
            inputMode="numeric"
            autoComplete="off"
            value={timeout}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTimeoutText(event.target.value)}
            data-testid="admin-agent-timeout"
          />
        </div>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="sm" busy={save.isPending && save.variables.offered === undefined}>
          {t('agentSettings.admin.save')}
        </Button>
      </div>
    </form>
  )
}
