import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus, X } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { mcpApprovals } from '../../../../db/catalogues/tools'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { GroupPicker } from '../groups/group-picker'
import { groupsToChooseQuery } from '../groups/groups-query'
import { isRefusal } from '../refusal-boundary'
import { SettingSwitch } from '../sign-in/setting-switch'
import {
  changesOf,
  emptyHeaderRow,
  type FieldProblem,
  formOf,
  type HeaderRow,
  hasProblems,
  type McpServerForm,
  newServerOf,
  problemsOf,
} from './mcp-server-form'
import {
  createMcpServer,
  type McpServer,
  mcpServersQuery,
  putServer,
  toolsChanged,
  updateMcpServer,
} from './mcp-servers-query'
import '../../../i18n/areas/adminMcp'

/**
 * Adds an MCP server (`server` null) or edits one: name, URL, headers (values write-only: an edit
 * shows the names with "Unchanged"), on or off, everyone or chosen groups, and when to ask before
 * a tool runs. Its own chunk, loaded on first open.
 */
export default function McpServerDialog({
  server,
  onClose,
}: {
  server: McpServer | null
  onClose: () => void
}) {
  const t = useT()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={server ? t('adminMcp.dialog.editTitle', { name: server.name }) : t('adminMcp.dialog.addTitle')}
      description={t('adminMcp.dialog.description')}
      className="max-w-xl"
      testId="mcp-server-dialog"
    >
      <McpServerEditForm server={server} onClose={onClose} />
    </Dialog>
  )
}

function McpServerEditForm({ server, onClose }: { server: McpServer | null; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const enabledId = useId()
  const [form, setForm] = useState<McpServerForm>(() => formOf(server))
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const problems = problemsOf(form, server)
  const groups = useQuery({ ...groupsToChooseQuery, throwOnError: isRefusal, enabled: form.who === 'groups' })

  const save = useMutation({
    mutationFn: () =>
      server ? updateMcpServer(server.id, changesOf(server, form)) : createMcpServer(newServerOf(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(mcpServersQuery.queryKey, (list) => putServer(list, saved))
      void toolsChanged(queryClient)
      toast.success(
        server
          ? t('adminMcp.dialog.saved', { name: saved.name })
          : t('adminMcp.dialog.added', { name: saved.name }),
      )
      onClose()
    },
    onError: (error) => setFailure(error.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (hasProblems(problems)) return
    if (server && Object.keys(changesOf(server, form)).length === 0) return onClose()
    save.mutate()
  }

  const set = <K extends keyof McpServerForm>(name: K, value: McpServerForm[K]) => {
    setFailure(null)
    setForm((typed) => ({ ...typed, [name]: value }))
  }
  const setRow = (key: number, change: Partial<HeaderRow>) =>
    set(
      'headers',
      form.headers.map((row) => (row.key === key ? { ...row, ...change } : row)),
    )
  const say = (problem: FieldProblem | undefined) =>
    tried && problem ? t(`adminMcp.field.${problem}`) : undefined

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="mcp-server-form">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <FormField
          label={t('adminMcp.field.name')}
          hint={t('adminMcp.field.nameHint')}
          problem={say(problems.name)}
        >
          {(control) => (
            <Input
              id={control.id}
              name="name"
              value={form.name}
              autoComplete="off"
              required
              maxLength={100}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label={t('adminMcp.field.url')}
          hint={t('adminMcp.field.urlHint')}
          problem={say(problems.url)}
        >
          {(control) => (
            <Input
              id={control.id}
              name="url"
              type="url"
              inputMode="url"
              value={form.url}
              autoComplete="off"
              spellCheck={false}
              required
              placeholder="https://mcp.example.com/mcp"
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              onChange={(event) => set('url', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <HeaderRows
        rows={form.headers}
        nameProblem={(key) => say(problems.headerNames[key])}
        valueProblem={(key) => say(problems.headerValues[key])}
        onChange={setRow}
        onAdd={() => set('headers', [...form.headers, emptyHeaderRow()])}
        onRemove={(key) =>
          set(
            'headers',
            form.headers.filter((row) => row.key !== key),
          )
        }
      />
      <div className="border-y border-zinc-200 dark:border-zinc-800">
        <SettingSwitch
          id={enabledId}
          label={t('adminMcp.field.enabled')}
          hint={t('adminMcp.field.enabledHint')}
          checked={form.enabled}
          onChange={(on) => set('enabled', on)}
          testId="mcp-server-enabled"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('adminMcp.field.who')}>
          {(control) => (
            <Select<'everyone' | 'groups'>
              id={control.id}
              value={form.who}
              onValueChange={(who) => set('who', who)}
              options={[
                { value: 'everyone', label: t('adminMcp.field.everyone') },
                { value: 'groups', label: t('adminMcp.field.groups') },
              ]}
              data-testid="mcp-server-who-select"
            />
          )}
        </FormField>
        <FormField label={t('adminMcp.field.approval')} hint={t('adminMcp.field.approvalHint')}>
          {(control) => (
            <Select
              id={control.id}
              value={form.approval}
              aria-describedby={control.describedBy}
              onValueChange={(approval) => set('approval', approval)}
              options={mcpApprovals.map((value) => ({ value, label: t(`adminMcp.approval.${value}`) }))}
              data-testid="mcp-server-approval-select"
            />
          )}
        </FormField>
      </div>
      {form.who === 'groups' ? (
        <GroupPicker
          groups={groups.data}
          loadError={groups.isError ? groups.error.message : null}
          chosen={form.groups}
          onChosen={(ids) => set('groups', ids)}
          problem={say(problems.groups)}
          label={t('adminMcp.field.groupsLabel')}
          empty={t('adminMcp.field.noGroups')}
          testId="mcp-server-group"
        />
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onClose}>
          {t('adminMcp.cancel')}
        </Button>
        <Button type="submit" busy={save.isPending} data-testid="save-mcp-server">
          {server ? t('adminMcp.save') : t('adminMcp.dialog.add')}
        </Button>
      </div>
    </form>
  )
}

/** Header rows: a name and a value each; a stored header's value shows as "Unchanged" until typed. */
function HeaderRows({
  rows,
  nameProblem,
  valueProblem,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: HeaderRow[]
  nameProblem: (key: number) => string | undefined
  valueProblem: (key: number) => string | undefined
  onChange: (key: number, change: Partial<HeaderRow>) => void
  onAdd: () => void
  onRemove: (key: number) => void
}) {
  const t = useT()
  const hintId = useId()
  return (
    <fieldset aria-describedby={hintId} data-testid="mcp-server-headers">
      <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('adminMcp.field.headers')}
      </legend>
      <p id={hintId} className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        {t('adminMcp.field.headersHint')}
      </p>
      <ul className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const nameError = nameProblem(row.key)
          const valueError = valueProblem(row.key)
          const id = `header-${row.key}`
          return (
            <li key={row.key} data-testid="mcp-header-row">
              <div className="flex items-start gap-2">
                <Input
                  id={`${id}-name`}
                  value={row.name}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="Authorization"
                  aria-label={`${t('adminMcp.field.headerName')} ${index + 1}`}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-name-problem` : undefined}
                  onChange={(event) => onChange(row.key, { name: event.target.value })}
                  className="min-w-0 flex-[2]"
                  data-testid="mcp-header-name"
                />
                <Input
                  id={`${id}-value`}
                  type="password"
                  value={row.value}
                  autoComplete="new-password"
                  spellCheck={false}
                  placeholder={row.stored ? t('adminMcp.field.unchanged') : ''}
                  aria-label={`${t('adminMcp.field.headerValue')} ${index + 1}`}
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={valueError ? `${id}-value-problem` : undefined}
                  onChange={(event) => onChange(row.key, { value: event.target.value })}
                  className="min-w-0 flex-[3]"
                  data-testid="mcp-header-value"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onRemove(row.key)}
                  aria-label={t('adminMcp.field.removeHeader', { number: index + 1 })}
                  title={t('adminMcp.field.removeHeader', { number: index + 1 })}
                  data-testid="mcp-header-remove"
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
              {nameError ? (
                <p id={`${id}-name-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                  {nameError}
                </p>
              ) : null}
              {valueError ? (
                <p id={`${id}-value-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">
                  {valueError}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      <Button variant="outline" size="sm" className="mt-2" onClick={onAdd} data-testid="mcp-header-add">
        <Plus className="size-4" aria-hidden />
        {t('adminMcp.field.addHeader')}
      </Button>
    </fieldset>
  )
}
