import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Select } from '../../../ui/select'
import { GroupPicker } from '../groups/group-picker'
import { groupsToChooseQuery } from '../groups/groups-query'
import { isRefusal } from '../refusal-boundary'
import { SettingSwitch } from '../sign-in/setting-switch'
import { type ApiAccess, apiAccessQuery, saveApiAccess } from './api-keys-query'
import '../../../i18n/areas/adminApiKeys'

type Who = 'everyone' | 'groups'

/** The switch for everyone, and whether the API is for everyone or only for chosen groups. */
export function ApiAccessForm({ access }: { access: ApiAccess }) {
  const t = useT()
  const queryClient = useQueryClient()
  const switchId = useId()
  const [enabled, setEnabled] = useState(access.enabled)
  const [who, setWho] = useState<Who>(access.groups.length > 0 ? 'groups' : 'everyone')
  const [chosen, setChosen] = useState<string[]>(access.groups.map((group) => group.id))
  const [problem, setProblem] = useState(false)
  const groups = useQuery({ ...groupsToChooseQuery, throwOnError: isRefusal, enabled: who === 'groups' })
  const save = useMutation({
    mutationFn: saveApiAccess,
    onSuccess: (saved) => {
      queryClient.setQueryData(apiAccessQuery.queryKey, saved)
      toast.success(t('adminApiKeys.access.saved'))
    },
  })
  const changed =
    enabled !== access.enabled ||
    access.source === 'environment' ||
    (who === 'everyone'
      ? access.groups.length > 0
      : !sameSet(
          chosen,
          access.groups.map((group) => group.id),
        ))

  function submit(event: FormEvent) {
    event.preventDefault()
    const wanted = who === 'everyone' ? [] : chosen
    if (who === 'groups' && wanted.length === 0) return setProblem(true)
    setProblem(false)
    save.mutate({ enabled, groups: wanted })
  }

  return (
    <form onSubmit={submit} className="flex flex-col" data-testid="api-access-form">
      <SettingSwitch
        id={switchId}
        label={t('adminApiKeys.access.enabled')}
        hint={t('adminApiKeys.access.enabledHint')}
        checked={enabled}
        onChange={setEnabled}
        testId="api-enabled"
      >
        {access.source === 'environment' ? (
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {t('adminApiKeys.access.fromEnvironment')}
          </p>
        ) : null}
      </SettingSwitch>
      <div className={`flex flex-col gap-3 pb-4 ${enabled ? '' : 'opacity-60'}`}>
        <FormField label={t('adminApiKeys.access.who')} className="max-w-xs">
          {(control) => (
            <Select<Who>
              id={control.id}
              value={who}
              disabled={!enabled}
              onValueChange={setWho}
              options={[
                { value: 'everyone', label: t('adminApiKeys.access.everyone') },
                { value: 'groups', label: t('adminApiKeys.access.groups') },
              ]}
              data-testid="api-who"
            />
          )}
        </FormField>
        {who === 'groups' ? (
          <GroupPicker
            disabled={!enabled}
            groups={groups.data}
            loadError={groups.isError ? groups.error.message : null}
            chosen={chosen}
            onChosen={(next) => {
              setChosen(next)
              if (next.length > 0) setProblem(false)
            }}
            problem={problem ? t('adminApiKeys.access.chooseGroup') : null}
            label={t('adminApiKeys.access.groupsLabel')}
            empty={t('adminApiKeys.access.noGroups')}
            testId="api-group"
          />
        ) : null}
      </div>
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button type="submit" busy={save.isPending} disabled={!changed} data-testid="api-access-save">
          {t('adminApiKeys.access.save')}
        </Button>
      </div>
    </form>
  )
}

function sameSet(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id) => b.includes(id))
}
