import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useT } from '../../../i18n/i18n'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { adminAgentsQuery } from '../../agents/admin-agents-api'
import { agentName } from '../../agents/agent-names'
import { adminModelTexts, modelName } from '../../models/model-texts'
import { adminModelsQuery } from '../models/models-query'
import { ChoiceField } from './choice-field'
import type { GroupForm, GroupFormField, GroupProblem } from './group-form'
import '../../../i18n/areas/admin'
import '../../../i18n/areas/adminGroups'

/** The group's name, provider group, allowed models and agents, and its two limits. */
export function GroupFields({
  form,
  problems,
  onChange,
}: {
  form: GroupForm
  /** Shown once the person tried to save (a new, empty form is not an error yet). */
  problems: Partial<Record<GroupFormField, GroupProblem>>
  onChange: (change: Partial<GroupForm>) => void
}) {
  const t = useT()
  const limitsHintId = useId()
  const models = useQuery(adminModelsQuery)
  const agents = useQuery(adminAgentsQuery)
  const problem = (field: GroupFormField) => {
    const kind = problems[field]
    if (!kind) return undefined
    return kind === 'invalidAmount' ? t('admin.budgets.invalidAmount') : t(`adminGroups.form.${kind}`)
  }
  const modelChoices = (models.data?.items ?? [])
    // What the composer could offer (a model the provider dropped or that is off stays out), and any chosen one.
    .filter((model) => (model.enabled && model.isActive) || form.models.includes(model.id))
    .map((model) => ({ value: model.id, label: modelName(adminModelTexts(model)) }))
  const agentChoices = (agents.data ?? []).map((agent) => ({ value: agent.id, label: agentName(agent) }))

  const limit = (field: 'dailyLimit' | 'monthlyLimit', label: string) => (
    <FormField label={label} problem={problem(field)}>
      {(control) => (
        <div className="flex items-center gap-1.5">
          <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-hidden>
            $
          </span>
          <Input
            id={control.id}
            aria-describedby={[control.describedBy, limitsHintId].filter(Boolean).join(' ')}
            aria-invalid={control.invalid || undefined}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('adminGroups.form.limitNotSet')}
            value={form[field]}
            onChange={(event) => onChange({ [field]: event.target.value })}
            data-testid={`group-${field}`}
          />
        </div>
      )}
    </FormField>
  )

  return (
    <div className="flex flex-col gap-4">
      <FormField label={t('adminGroups.form.name')} problem={problem('name')}>
        {(control) => (
          <Input
            id={control.id}
            aria-describedby={control.describedBy}
            aria-invalid={control.invalid || undefined}
            aria-required
            maxLength={100}
            autoComplete="off"
            value={form.name}
            onChange={(event) => onChange({ name: event.target.value })}
            data-testid="group-name"
          />
        )}
      </FormField>
      <FormField label={t('adminGroups.form.providerGroup')} hint={t('adminGroups.form.providerGroupHint')}>
        {(control) => (
          <Input
            id={control.id}
            aria-describedby={control.describedBy}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            value={form.providerGroup}
            onChange={(event) => onChange({ providerGroup: event.target.value })}
            data-testid="group-provider"
          />
        )}
      </FormField>
      <ChoiceField
        legend={t('adminGroups.form.models')}
        hint={t('adminGroups.form.modelsHint')}
        problem={problem('models')}
        allLabel={t('adminGroups.form.modelsAll')}
        chosenLabel={t('adminGroups.form.modelsChosen')}
        emptyLabel={models.isPending ? t('common.loading') : t('adminGroups.form.nothingToChoose')}
        mode={form.modelsMode}
        chosen={form.models}
        options={modelChoices}
        onMode={(modelsMode) => onChange({ modelsMode })}
        onChosen={(chosen) => onChange({ models: chosen })}
        testId="group-models"
      />
      <ChoiceField
        legend={t('adminGroups.form.agents')}
        problem={problem('agents')}
        allLabel={t('adminGroups.form.agentsAll')}
        chosenLabel={t('adminGroups.form.agentsChosen')}
        emptyLabel={agents.isPending ? t('common.loading') : t('adminGroups.form.nothingToChoose')}
        mode={form.agentsMode}
        chosen={form.agents}
        options={agentChoices}
        onMode={(agentsMode) => onChange({ agentsMode })}
        onChosen={(chosen) => onChange({ agents: chosen })}
        testId="group-agents"
      />
      <div>
        <div className="grid gap-4 sm:grid-cols-2">
          {limit('dailyLimit', t('adminGroups.form.daily'))}
          {limit('monthlyLimit', t('adminGroups.form.monthly'))}
        </div>
        <p id={limitsHintId} className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          {t('adminGroups.form.limitsHint')}
        </p>
      </div>
    </div>
  )
}
