import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { type Project, projectsQuery } from '../projects/projects-query'
import { type Chat, cachedChat, placeChatInLists } from './chats-query'
import { useForgetChat } from './use-chat-mutations'
import '../../i18n/areas/organise'

export type ChatChange = { pinned?: boolean; archived?: boolean; project_id?: string | null }
export type BulkAction = 'delete' | 'archive' | 'unarchive' | 'move'

async function patchChat(id: string, change: ChatChange): Promise<Chat> {
  const { data, error } = await api.chats({ id }).patch(change)
  if (error) throw apiFailure(error, t('organise.chat.updateFailed'))
  return data.data
}

async function postBulk(ids: string[], action: BulkAction, projectId?: string | null) {
  const { data, error } = await api.chats.bulk.post({
    ids,
    action,
    ...(projectId !== undefined ? { projectId } : {}),
  })
  if (error) throw apiFailure(error, t('organise.bulk.failed'))
  return data.data
}

function projectName(queryClient: QueryClient, projectId: string | null | undefined): string {
  const projects = queryClient.getQueryData<Project[]>(projectsQuery.queryKey) ?? []
  return projects.find((project) => project.id === projectId)?.name ?? ''
}

/** Project counts change with every move, archive and delete: read again (one small query). */
function refreshCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })
}

/**
 * Pin, archive, restore or move one chat (PATCH /api/chats/:id). An archive, restore or move says
 * so in a toast with Undo, which puts back what the chat had before.
 */
export function useChangeChat() {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({ id, change }: { id: string; change: ChatChange }) => patchChat(id, change),
    onSuccess: (chat, { change }) => {
      placeChatInLists(queryClient, chat)
      if ('project_id' in change || 'archived' in change) refreshCounts(queryClient)
    },
    onError: () => toast.error(t('organise.chat.updateFailed')),
  })
  const { mutate } = mutation
  // Stable, so the memoised rows are not drawn again on every render of the list.
  return useCallback(
    (id: string, change: ChatChange) => {
      const before = cachedChat(queryClient, id)
      mutate(
        { id, change },
        {
          onSuccess: () => {
            const message =
              change.archived === true
                ? t('organise.chat.archived')
                : change.archived === false
                  ? t('organise.chat.restored')
                  : change.project_id !== undefined
                    ? change.project_id
                      ? t('organise.chat.moved', { project: projectName(queryClient, change.project_id) })
                      : t('organise.chat.movedOut')
                    : null
            if (!message || !before) return
            const undo: ChatChange =
              change.archived !== undefined
                ? { archived: before.archived }
                : { project_id: before.project_id }
            toast.success(message, {
              action: { label: t('organise.undo'), onClick: () => mutate({ id, change: undo }) },
            })
          },
        },
      )
    },
    [mutate, queryClient],
  )
}

/**
 * One action on several chats (POST /api/chats/bulk), then one toast: what was done, with Undo for
 * archive, restore and move (a move goes back chat by chat to each one's previous project, one
 * request per previous project), and how many chats were refused. Deletes cannot be undone: the
 * confirmation before says so.
 */
export function useBulkChats() {
  const queryClient = useQueryClient()
  const forgetChat = useForgetChat()
  const mutation = useMutation({
    mutationFn: ({
      ids,
      action,
      projectId,
    }: {
      ids: string[]
      action: BulkAction
      projectId?: string | null
    }) => postBulk(ids, action, projectId),
    onError: () => toast.error(t('organise.bulk.failed')),
  })

  async function run(ids: string[], action: BulkAction, projectId?: string | null, undoable = true) {
    // Where each chat was, to undo a move: grouped by the project it came from.
    const before = new Map(ids.map((id) => [id, cachedChat(queryClient, id)?.project_id ?? null]))
    const result = await mutation.mutateAsync({ ids, action, projectId }).catch(() => null)
    if (!result) return null
    const done = new Set(result.done)
    if (action === 'delete') for (const id of result.done) forgetChat(id)
    else {
      // The socket's chat:updated events place each chat too; this is for a tab without a socket.
      let unknown = false
      for (const id of result.done) {
        const chat = cachedChat(queryClient, id)
        if (!chat) {
          unknown = true
          continue
        }
        placeChatInLists(queryClient, {
          ...chat,
          ...(action === 'move' ? { project_id: projectId ?? null } : { archived: action === 'archive' }),
        })
      }
      // A chat no cached list held (e.g. restored from an archive never shown): read the lists again.
      if (unknown) void queryClient.invalidateQueries({ queryKey: ['chats'] })
    }
    refreshCounts(queryClient)
    if (result.refused.length > 0) toast.warning(t('organise.bulk.refused', { count: result.refused.length }))
    if (!undoable || done.size === 0) return result
    const count = done.size
    const message =
      action === 'delete'
        ? t('organise.bulk.deleted', { count })
        : action === 'archive'
          ? t('organise.bulk.archived', { count })
          : action === 'unarchive'
            ? t('organise.bulk.restored', { count })
            : projectId
              ? t('organise.bulk.moved', { count, project: projectName(queryClient, projectId) })
              : t('organise.bulk.movedOut', { count })
    if (action === 'delete') {
      toast.success(message)
      return result
    }
    const undo = async () => {
      const doneIds = [...done]
      if (action === 'move') {
        const byProject = new Map<string | null, string[]>()
        for (const id of doneIds) {
          const previous = before.get(id) ?? null
          byProject.set(previous, [...(byProject.get(previous) ?? []), id])
        }
        for (const [previous, group] of byProject) await run(group, 'move', previous, false)
      } else await run(doneIds, action === 'archive' ? 'unarchive' : 'archive', undefined, false)
    }
    toast.success(message, { action: { label: t('organise.undo'), onClick: () => void undo() } })
    return result
  }

  return { run, isPending: mutation.isPending }
}
