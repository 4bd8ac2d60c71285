import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Dialog, overlayClass } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { useForgetChat } from '../chats/use-chat-mutations'
import { useBulkChats } from '../chats/use-organise-chats'
import { type Project, placeProject, removeProject } from './projects-query'
import { closeProjectDialog, useProjectDialog } from './projects-ui'
import '../../i18n/areas/organise'

/** The project dialogs (issue 28), one chunk fetched when one is first opened. */
export default function ProjectDialogs() {
  const state = useProjectDialog()
  const close = (open: boolean) => {
    if (!open) closeProjectDialog()
  }
  if (state?.kind === 'delete') return <DeleteProjectDialog project={state.project} onOpenChange={close} />
  if (state)
    return (
      <ProjectFormDialog
        key={state.kind === 'edit' ? state.project.id : 'create'}
        project={state.kind === 'edit' ? state.project : undefined}
        moveChatIds={state.kind === 'create' ? state.moveChatIds : undefined}
        onOpenChange={close}
      />
    )
  return null
}

/** Name and instructions: a new project, or one renamed and its instructions changed. */
function ProjectFormDialog({
  project,
  moveChatIds,
  onOpenChange,
}: {
  project?: Project
  moveChatIds?: string[]
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const bulk = useBulkChats()
  const [name, setName] = useState(project?.name ?? '')
  const [instructions, setInstructions] = useState(project?.instructions ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: async () => {
      const body = { name: name.trim(), instructions }
      const { data, error } = project
        ? await api.projects({ id: project.id }).patch(body)
        : await api.projects.post(body)
      if (error) throw apiFailure(error, translate('organise.projectDialog.saveFailed'))
      return data.data
    },
    onSuccess: async (saved) => {
      placeProject(queryClient, saved)
      if (moveChatIds?.length) await bulk.run(moveChatIds, 'move', saved.id)
      onOpenChange(false)
    },
    onError: (error) => setProblem(error.message || t('organise.projectDialog.saveFailed')),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return
    setProblem(null)
    save.mutate()
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      testId="project-dialog"
      title={project ? t('organise.projectDialog.editTitle') : t('organise.projectDialog.createTitle')}
      description={t('organise.projectDialog.description')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor="project-name">{t('organise.projectDialog.name')}</Label>
          <Input
            id="project-name"
            autoFocus
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="project-instructions">{t('organise.projectDialog.instructions')}</Label>
          <Textarea
            id="project-instructions"
            aria-describedby="project-instructions-hint"
            maxLength={20_000}
            rows={6}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
          />
          <p id="project-instructions-hint" className="mt-1.5 text-xs text-zinc-600 dark:text-zinc-400">
            {t('organise.projectDialog.instructionsHint')}
          </p>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} disabled={!name.trim()} data-testid="project-save">
            {project ? t('organise.projectDialog.save') : t('organise.projectDialog.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Deleting a project asks what becomes of its chats: moved out of it, or deleted with it. */
function DeleteProjectDialog({
  project,
  onOpenChange,
}: {
  project: Project
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const forgetChat = useForgetChat()
  const remove = useMutation({
    mutationFn: async (chats: 'keep' | 'delete') => {
      const { data, error } = await api.projects({ id: project.id }).delete(undefined, { query: { chats } })
      if (error) throw apiFailure(error, translate('organise.deleteProject.failed'))
      return data.data
    },
    onSuccess: (result) => {
      removeProject(queryClient, project.id)
      if (result.chatsDeleted) for (const chatId of result.chatIds) forgetChat(chatId)
      void queryClient.invalidateQueries({ queryKey: ['chats'] })
      toast.success(t('organise.deleteProject.done'))
      onOpenChange(false)
    },
    onError: () => toast.error(t('organise.deleteProject.failed')),
  })
  return (
    <AlertDialog.Root open onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`${overlayClass} z-[60]`} />
        <AlertDialog.Content
          data-testid="delete-project-dialog"
          className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-5 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <AlertDialog.Title className="text-lg font-semibold break-words">
            {t('organise.deleteProject.title', { name: project.name })}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('organise.deleteProject.description')}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">{t('common.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="outline"
              busy={remove.isPending && remove.variables === 'keep'}
              disabled={remove.isPending}
              onClick={() => remove.mutate('keep')}
              data-testid="delete-project-keep"
            >
              {t('organise.deleteProject.keep')}
            </Button>
            <Button
              variant="destructive"
              busy={remove.isPending && remove.variables === 'delete'}
              disabled={remove.isPending}
              onClick={() => remove.mutate('delete')}
              data-testid="delete-project-chats"
            >
              {t('organise.deleteProject.deleteChats')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
