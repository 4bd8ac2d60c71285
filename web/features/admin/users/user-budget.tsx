import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Eraser } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { formatMoney } from '../../../i18n/format'
import { t as translate, useT } from '../../../i18n/i18n'
import { errorCode } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { BudgetFields } from '../budgets/budget-fields'
import { SourceBadge } from '../budgets/source-badge'
import type { ControlProps } from '../field-row'
import {
  hasOverride,
  type UserBudgetField,
  type UserBudgetForm,
  userChangesOf,
  userFormOf,
  userProblemsOf,
} from './user-budget-form'
import {
  clearUserBudget,
  saveUserBudget,
  type UserBudget,
  type UserBudgetChange,
  userBudgetQuery,
} from './user-budget-query'
import '../../../i18n/areas/admin'
import '../../../i18n/areas/adminUsers'

const REFUSALS = {
  'bad_request:budget_limit': 'admin.budgets.limitRefused',
  'bad_request:budget_threshold': 'admin.budgets.thresholdRefused',
} as const

/** The user detail's Budget part: what applies to this user and from where, their spend, and their own values. */
export function UserBudgetPanel({ userId, name }: { userId: string; name: string }) {
  const t = useT()
  const budget = useQuery(userBudgetQuery(userId))
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} data-testid="user-budget">
      <h3 id={titleId} className="mb-2 text-sm font-semibold">
        {t('adminUsers.budget.title')}
      </h3>
      {budget.isError ? (
        <Alert tone="error">{budget.error.message}</Alert>
      ) : budget.data ? (
        // Keyed by what applies: after a save or a push the form starts again from the new values.
        <BudgetEditor key={JSON.stringify(budget.data.effective)} budget={budget.data} name={name} />
      ) : (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      )}
    </section>
  )
}

type Saving = { kind: 'save'; change: UserBudgetChange } | { kind: 'clear'; field?: UserBudgetField }

function BudgetEditor({ budget, name }: { budget: UserBudget; name: string }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<UserBudgetForm>(() => userFormOf(budget))
  const [failure, setFailure] = useState<string | null>(null)
  const problems = userProblemsOf(form)
  const change = userChangesOf(budget, form)
  const canSave = Object.keys(change).length > 0 && Object.keys(problems).length === 0

  const save = useMutation({
    mutationFn: (saving: Saving) =>
      saving.kind === 'save'
        ? saveUserBudget(budget.userId, saving.change)
        : saving.field
          ? saveUserBudget(budget.userId, { [saving.field]: null })
          : clearUserBudget(budget.userId),
    onMutate: () => setFailure(null),
    onSuccess: (saved, saving) => {
      queryClient.setQueryData(userBudgetQuery(budget.userId).queryKey, saved)
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
      toast.success(
        saving.kind === 'save'
          ? translate('adminUsers.budget.saved', { name })
          : translate('adminUsers.budget.cleared', { name }),
      )
    },
    onError: (error) => {
      const refusal = REFUSALS[errorCode(error) as keyof typeof REFUSALS]
      setFailure(refusal ? t(refusal) : error.message)
    },
  })
  const busy = (saving: Saving) =>
    save.isPending &&
    save.variables?.kind === saving.kind &&
    (saving.kind === 'save' || (save.variables.kind === 'clear' && save.variables.field === saving.field))

  const sourceLabel = (field: UserBudgetField) => {
    const source = budget.effective.sources[field]
    return source === 'user'
      ? t('adminUsers.budget.source.user')
      : source === 'group'
        ? t('adminUsers.budget.source.group')
        : source === 'organisation'
          ? t('adminUsers.budget.source.organisation')
          : t('adminUsers.budget.source.environment')
  }
  const row = (field: UserBudgetField, label: string) => ({
    field,
    label,
    source: budget.effective.sources[field],
    sourceLabel: sourceLabel(field),
    problem: problems[field] && t(`admin.budgets.${problems[field]}`),
    clearing: busy({ kind: 'clear', field }),
    onClear: () => save.mutate({ kind: 'clear', field }),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSave) save.mutate({ kind: 'save', change })
  }

  const { status } = budget
  const spent = (used: number, limit: number, key: 'today' | 'month') =>
    limit > 0
      ? t(`adminUsers.budget.${key}`, { spent: formatMoney(used), limit: formatMoney(limit) })
      : t(`adminUsers.budget.${key}NoLimit`, { spent: formatMoney(used) })

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('adminUsers.budget.intro')}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums" data-testid="user-budget-spend">
        <span>{spent(status.dailyUsed, status.dailyLimit, 'today')}</span>
        <span>{spent(status.monthlyUsed, status.monthlyLimit, 'month')}</span>
      </p>
      <div className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        <BudgetFields
          form={form}
          onChange={(field, value) => setForm((typed) => ({ ...typed, [field]: value }))}
          row={(field, label, control) => (
            <BudgetRow key={field} {...row(field, label)}>
              {control}
            </BudgetRow>
          )}
        />
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {hasOverride(budget) ? (
          <Button
            variant="ghost"
            busy={busy({ kind: 'clear' })}
            onClick={() => save.mutate({ kind: 'clear' })}
          >
            {t('adminUsers.budget.clearAll')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!canSave} busy={busy({ kind: 'save', change })}>
          {t('adminUsers.budget.save')}
        </Button>
      </div>
    </form>
  )
}

/** One value: its label and source on a line, then the control and, for the user's own value, Clear. */
function BudgetRow({
  field,
  label,
  source,
  sourceLabel,
  problem,
  clearing,
  onClear,
  children,
}: {
  field: UserBudgetField
  label: string
  source: 'user' | 'group' | 'organisation' | 'environment'
  sourceLabel: string
  problem?: string
  clearing: boolean
  onClear: () => void
  children: (control: ControlProps) => ReactNode
}) {
  const t = useT()
  const id = useId()
  const problemId = `${id}-problem`
  const sourceId = `${id}-source`
  return (
    <div className="flex flex-col gap-2 px-3 py-2.5" data-budget-field={field}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <span id={sourceId}>
            <SourceBadge source={source} label={sourceLabel} highlight={source === 'user'} />
          </span>
        </div>
        <div className="flex items-center gap-1">
          {children({
            id,
            describedBy: problem ? `${problemId} ${sourceId}` : sourceId,
            invalid: Boolean(problem),
          })}
          {source === 'user' ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-10"
              busy={clearing}
              onClick={onClear}
              aria-label={t('adminUsers.budget.clearLabel', { field: label })}
              title={t('adminUsers.budget.clearLabel', { field: label })}
            >
              {clearing ? null : <Eraser className="size-4" aria-hidden />}
            </Button>
          ) : null}
        </div>
      </div>
      {problem ? (
        <p id={problemId} className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
