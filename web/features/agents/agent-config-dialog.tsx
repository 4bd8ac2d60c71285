import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, Eye, Sparkles, TriangleAlert, Workflow } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { t, useT } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { LoadingScreen } from '../../ui/loading-screen'
import { agentDescription, agentName } from './agent-names'
import { AgentSwitch } from './agent-switch'
import { type Agent, type AgentConfigField, agentsQuery, putAgent, saveAgentSettings } from './agents-api'
import { keptConfigDraft, openCalendarFromConfig } from './agents-ui'
import '../../i18n/areas/agents'
import '../../i18n/areas/agentSettings'

/** A configuration field's label ('calendar_email' → 'Calendar e-mail'). */
function fieldLabel(key: string): string {
  return key === 'calendar_email' ? t('agentSettings.field.calendar_email') : key
}

// The server checks again; this only spares a round trip for an obvious slip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The spec types calendar_email as text; it is an address all the same (the server checks it too). */
const isEmailField = (field: AgentConfigField) => field.type === 'email' || field.key.endsWith('_email')

type Draft = Record<string, { enabled: boolean; config: Record<string, string> }>

const draftOf = (agents: Agent[]): Draft =>
  Object.fromEntries(
    agents.map((agent) => [agent.id, { enabled: agent.enabled, config: { ...agent.config } }]),
  )

/** The saved settings with the unsaved changes kept across the calendar step laid over them. */
function restoredDraft(agents: Agent[]): Draft {
  const draft = draftOf(agents)
  const kept = keptConfigDraft()
  if (!kept || typeof kept !== 'object') return draft
  for (const [id, value] of Object.entries(kept as Record<string, unknown>)) {
    const entry = value as Partial<Draft[string]> | null
    const current = draft[id]
    if (!current || !entry || typeof entry !== 'object') continue
    draft[id] = {
      enabled: typeof entry.enabled === 'boolean' ? entry.enabled : current.enabled,
      config: { ...current.config, ...stringsOf(entry.config) },
    }
  }
  return draft
}

function stringsOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {}
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  )
}

/**
 * The dialog's explanation, true to what is configured (issue 26): workflow integration is
 * mentioned only when an agent here runs through a workflow, or needs one that is missing.
 */
function noteFor(agents: Agent[]): string {
  if (agents.some((agent) => agent.runsOn === 'workflow' && agent.workflowConfigured))
    return t('agentSettings.config.workflowNote')
  if (agents.some((agent) => agent.runsOn === 'workflow'))
    return t('agentSettings.config.workflowMissingNote')
  return t('agentSettings.config.nativeNote')
}

/** What differs between the draft and the server's settings, per agent. */
function changesOf(agents: Agent[], draft: Draft) {
  return agents.flatMap((agent) => {
    const wanted = draft[agent.id]
    if (!wanted) return []
    const configChanged = agent.configFields.some(
      (field) => (wanted.config[field.key] ?? '') !== (agent.config[field.key] ?? ''),
    )
    if (wanted.enabled === agent.enabled && !configChanged) return []
    return [
      {
        id: agent.id,
        change: { enabled: wanted.enabled, ...(configChanged ? { config: wanted.config } : {}) },
      },
    ]
  })
}

/**
 * Agent Configuration (spec section 2): a switch per agent, the fields of the enabled agents that
 * need them under 'Configuration Required', and where each agent runs (the note about workflow
 * integration only where one is involved). The settings are this user's, saved on the server
 * (decision 125); unsaved changes survive a visit to the calendar's dialog (decision 144).
 */
export default function AgentConfigDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const agents = useQuery(agentsQuery)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [problems, setProblems] = useState<Record<string, string>>({})
  const formId = useId()
  useEffect(() => {
    if (agents.data && !draft) setDraft(restoredDraft(agents.data))
  }, [agents.data, draft])

  const save = useMutation({
    mutationFn: async (changes: ReturnType<typeof changesOf>) => {
      const saved: Agent[] = []
      for (const { id, change } of changes) saved.push(await saveAgentSettings(id, change))
      return saved
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(agentsQuery.queryKey, (list) =>
        saved.reduce((current, agent) => putAgent(current, agent), list),
      )
      toast.success(t('agentSettings.config.saved'))
      onClose()
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: agentsQuery.queryKey })
      toast.error(t('agents.saveFailed'))
    },
  })

  const show = useMutation({
    mutationFn: (agent: Agent) => saveAgentSettings(agent.id, { visible: true }),
    onSuccess: (saved) => queryClient.setQueryData(agentsQuery.queryKey, (list) => putAgent(list, saved)),
    onError: (error) => toast.error(error.message),
  })

  const list = agents.data ?? []
  const needingConfig = draft
    ? list.filter(
        (agent) => draft[agent.id]?.enabled && agent.requiresConfig && agent.configFields.length > 0,
      )
    : []

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!draft) return
    const found: Record<string, string> = {}
    for (const agent of needingConfig) {
      for (const field of agent.configFields) {
        const value = (draft[agent.id]?.config[field.key] ?? '').trim()
        if (field.required && !value)
          found[`${agent.id}.${field.key}`] = t('agentSettings.config.fieldRequired')
        else if (value && isEmailField(field) && !EMAIL.test(value)) {
          found[`${agent.id}.${field.key}`] = t('agentSettings.config.invalidEmail')
        }
      }
    }
    setProblems(found)
    if (Object.keys(found).length > 0) return
    const changes = changesOf(list, draft)
    if (changes.length === 0) {
      toast.success(t('agentSettings.config.saved'))
      onClose()
      return
    }
    save.mutate(changes)
  }

  const setEnabled = (id: string, enabled: boolean) =>
    setDraft((current) => current && { ...current, [id]: { ...current[id], enabled } as Draft[string] })
  const setField = (id: string, key: string, value: string) =>
    setDraft(
      (current) =>
        current && {
          ...current,
          [id]: { ...current[id], config: { ...current[id]?.config, [key]: value } } as Draft[string],
        },
    )

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('agentSettings.config.title')}
      description={agents.data ? noteFor(agents.data) : undefined}
      testId="agent-config-dialog"
    >
      {agents.isError ? (
        <Alert tone="error">{agents.error.message}</Alert>
      ) : !draft ? (
        <LoadingScreen />
      ) : (
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
          {list.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('agentSettings.config.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((agent) => (
                <li key={agent.id} className="flex items-start gap-3 py-3 first:pt-0" data-agent={agent.id}>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{agentName(agent)}</p>
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">{agentDescription(agent)}</p>
                    {agent.runsOn === 'native' ? (
                      <p
                        className="mt-1 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"
                        data-testid="agent-runs"
                        data-runs="native"
                      >
                        <Sparkles className="size-3.5 shrink-0" aria-hidden />
                        {t('agentSettings.config.runsNative')}
                      </p>
                    ) : agent.workflowConfigured ? (
                      <p
                        className="mt-1 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"
                        data-testid="agent-runs"
                        data-runs="workflow"
                      >
                        <Workflow className="size-3.5 shrink-0" aria-hidden />
                        {t('agentSettings.config.runsWorkflow')}
                      </p>
                    ) : (
                      <p
                        className="mt-1 flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300"
                        data-testid="agent-runs"
                        data-runs="missing-workflow"
                      >
                        <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
                        {t('agentSettings.config.needsWorkflow')}
                      </p>
                    )}
                    <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                      {agent.visible ? null : (
                        <button
                          type="button"
                          onClick={() => show.mutate(agent)}
                          disabled={show.isPending}
                          className="inline-flex items-center gap-1 text-xs font-medium text-brand-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                          data-testid="agent-show"
                        >
                          <Eye className="size-3.5" aria-hidden />
                          {t('agentSettings.config.hiddenShow')}
                        </button>
                      )}
                      {agent.id === 'calendar' ? (
                        <button
                          type="button"
                          onClick={() => openCalendarFromConfig(draft)}
                          className="inline-flex items-center gap-1 text-xs font-medium text-brand-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                          data-testid="open-calendar-config"
                        >
                          <CalendarClock className="size-3.5" aria-hidden />
                          {t('agentSettings.config.calendarConnection')}
                        </button>
                      ) : null}
                    </div>
                  </div>
                  <AgentSwitch
                    checked={draft[agent.id]?.enabled ?? false}
                    onChange={(enabled) => setEnabled(agent.id, enabled)}
                    label={t('agentSettings.config.enable', { name: agentName(agent) })}
                    testId={`agent-enable-${agent.id}`}
                  />
                </li>
              ))}
            </ul>
          )}
          {needingConfig.length > 0 ? (
            <fieldset className="rounded-xl border border-amber-300 bg-amber-50/60 p-4 dark:border-amber-800 dark:bg-amber-950/30">
              <legend className="px-1 text-sm font-semibold">{t('agentSettings.config.required')}</legend>
              {needingConfig.map((agent) =>
                agent.configFields.map((field) => {
                  const id = `${formId}-${agent.id}-${field.key}`
                  const problem = problems[`${agent.id}.${field.key}`]
                  return (
                    <FormField
                      key={id}
                      id={id}
                      className="mt-1"
                      label={
                        <>
                          {agentName(agent)} · {fieldLabel(field.key)}
                          {field.required ? ' *' : ''}
                        </>
                      }
                      problem={problem}
                    >
                      {(control) => (
                        <Input
                          id={control.id}
                          type={isEmailField(field) ? 'email' : field.type}
                          required={field.required}
                          aria-invalid={control.invalid || undefined}
                          aria-describedby={control.describedBy}
                          value={draft[agent.id]?.config[field.key] ?? ''}
                          onChange={(event) => setField(agent.id, field.key, event.target.value)}
                          data-testid={`agent-field-${agent.id}-${field.key}`}
                        />
                      )}
                    </FormField>
                  )
                }),
              )}
            </fieldset>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" busy={save.isPending} data-testid="agent-config-save">
              {t('common.save')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
