import * as Tabs from '@radix-ui/react-tabs'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { t as translate, useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Dialog } from '../../../ui/dialog'
import { GroupFields } from './group-fields'
import {
  type GroupForm,
  groupChangesOf,
  groupFormOf,
  groupProblemsOf,
  groupValuesOf,
  NEW_GROUP,
} from './group-form'
import { GroupMembers } from './group-members'
import { createGroup, deleteGroup, GROUPS_KEY, type Group, groupQuery, updateGroup } from './groups-query'
import '../../../i18n/areas/adminGroups'

/** Which group the dialog shows: a new one, a saved one (just `created`: it opens on Members), or none. */
export type Editing = { kind: 'new' } | { kind: 'edit'; id: string; created?: boolean } | null

/**
 * A new group, or one group: its settings (Save sends what changed), its members (added and
 * removed at once) and Delete. A group just created stays open, now with its members, so they can
 * be added straight away.
 */
export function GroupDialog({
  editing,
  onEditing,
}: {
  editing: Editing
  onEditing: (editing: Editing) => void
}) {
  const t = useT()
  const close = () => onEditing(null)
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && close()}
      title={editing?.kind === 'edit' ? t('adminGroups.edit.title') : t('adminGroups.create.title')}
      className="md:max-w-2xl"
      testId="group-dialog"
    >
      {editing?.kind === 'new' ? (
        <GroupEditor
          group={null}
          onCreated={(id) => onEditing({ kind: 'edit', id, created: true })}
          onDone={close}
        />
      ) : editing?.kind === 'edit' ? (
        <SavedGroup key={editing.id} id={editing.id} created={editing.created} onDone={close} />
      ) : null}
    </Dialog>
  )
}

const tabClass =
  'flex flex-1 items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 transition hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-100'

/** A saved group in two tabs: its settings (saved with Save) and its members (changed at once). */
function SavedGroup({ id, created, onDone }: { id: string; created?: boolean; onDone: () => void }) {
  const t = useT()
  const detail = useQuery(groupQuery(id))
  // A group just created opens on its members: adding them is what comes next.
  const [tab, setTab] = useState(created ? 'members' : 'settings')
  if (detail.isError) return <Alert tone="error">{detail.error.message}</Alert>
  if (!detail.data)
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('common.loading')}
      </p>
    )
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List className="mb-5 flex gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800">
        <Tabs.Trigger value="settings" className={tabClass} data-testid="group-tab-settings">
          {t('adminGroups.tab.settings')}
        </Tabs.Trigger>
        <Tabs.Trigger value="members" className={tabClass} data-testid="group-tab-members">
          {t('adminGroups.members.title')}
          <span className="tabular-nums opacity-75">({detail.data.members.length})</span>
        </Tabs.Trigger>
      </Tabs.List>
      {/* Both stay mounted: what was typed in Settings survives a look at Members. */}
      <Tabs.Content
        value="settings"
        forceMount
        hidden={tab !== 'settings'}
        className="focus-visible:outline-none"
      >
        <GroupEditor group={detail.data.group} onDone={onDone} />
      </Tabs.Content>
      <Tabs.Content
        value="members"
        forceMount
        hidden={tab !== 'members'}
        className="focus-visible:outline-none"
      >
        <GroupMembers group={detail.data.group} members={detail.data.members} />
      </Tabs.Content>
    </Tabs.Root>
  )
}

function GroupEditor({
  group,
  onCreated,
  onDone,
}: {
  group: Group | null
  onCreated?: (id: string) => void
  onDone: () => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<GroupForm>(() => (group ? groupFormOf(group) : NEW_GROUP))
  const [tried, setTried] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const problems = groupProblemsOf(form)
  const valid = Object.keys(problems).length === 0

  const save = useMutation({
    mutationFn: () =>
      group ? updateGroup(group.id, groupChangesOf(group, form)) : createGroup(groupValuesOf(form)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
      if (group) {
        toast.success(translate('adminGroups.saved', { name: saved.name }))
        onDone()
      } else {
        toast.success(translate('adminGroups.created', { name: saved.name }))
        onCreated?.(saved.id)
      }
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteGroup(group!.id),
    onSuccess: () => {
      setConfirmingDelete(false)
      queryClient.removeQueries({ queryKey: [...GROUPS_KEY, 'detail', group!.id] })
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] })
      toast.success(translate('adminGroups.delete.done', { name: group!.name }))
      onDone()
    },
    onError: (error) => {
      setConfirmingDelete(false)
      toast.error(error.message)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (!valid) return
    if (group && Object.keys(groupChangesOf(group, form)).length === 0) return onDone()
    save.mutate()
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <GroupFields
        form={form}
        problems={tried ? problems : {}}
        onChange={(change) => setForm((typed) => ({ ...typed, ...change }))}
      />
      {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {group ? (
          <Button
            variant="destructive"
            className="mr-auto"
            onClick={() => setConfirmingDelete(true)}
            data-testid="group-delete"
          >
            <Trash2 className="size-4" aria-hidden /> {t('adminGroups.delete.button')}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={save.isPending} data-testid="group-save">
          {group ? t('adminGroups.form.save') : t('adminGroups.form.create')}
        </Button>
      </div>
      {group ? (
        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={t('adminGroups.delete.title', { name: group.name })}
          description={t('adminGroups.delete.description')}
          confirmLabel={t('adminGroups.delete.confirm')}
          onConfirm={() => remove.mutate()}
          busy={remove.isPending}
          testId="group-delete-confirm"
          confirmTestId="group-delete-confirm-button"
        />
      ) : null}
    </form>
  )
}
