import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Project } from '../projects/projects-query'
import { placeProject, projectsQuery, removeProject } from '../projects/projects-query'
import { refreshSearch } from '../search/refresh-search'
import { type Chat, cachedChat, placeChatInLists } from './chats-query'
import { useSocket } from './socket-context'
import { useForgetChat } from './use-chat-mutations'

/**
 * Chats created, renamed, pinned, archived, moved or deleted in another tab or device show here at
 * once, each placed in every cached list it now belongs to (issue 28); projects too. A chat whose
 * path changed (`chat:branch`) while this tab does not show it is read again when it is next
 * opened (the chat view follows the one it shows). Search results on screen are read again after
 * each of these, and after a message of the chat on screen ends or is deleted.
 */
export function useChatListEvents() {
  const socket = useSocket()
  const queryClient = useQueryClient()
  const forgetChat = useForgetChat()
  useEffect(() => {
    if (!socket) return
    const placed = ({ chat }: { chat: Chat }) => {
      refreshSearch(queryClient)
      const before = cachedChat(queryClient, chat.id)
      placeChatInLists(queryClient, chat)
      // A project's chat count changed: read the (small) project list again.
      if (!before || before.project_id !== chat.project_id || before.archived !== chat.archived)
        void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })
    }
    const deleted = ({ chatId }: { chatId: string }) => {
      refreshSearch(queryClient)
      forgetChat(chatId)
      void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })
    }
    const branched = ({ chatId }: { chatId: string }) => {
      refreshSearch(queryClient)
      const queryKey = ['messages', chatId]
      if (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount()) return
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
    }
    // The chat on screen's own messages (the other chats' are not sent to this tab).
    const messageChanged = () => refreshSearch(queryClient)
    const projectUpdated = ({ project }: { project: Project }) => placeProject(queryClient, project)
    const projectDeleted = ({ projectId }: { projectId: string }) => {
      removeProject(queryClient, projectId)
      queryClient.removeQueries({ queryKey: ['chats', '', `project:${projectId}`] })
      // Its chats moved out (no event of their own) or were deleted (chat:deleted follows).
      void queryClient.invalidateQueries({ queryKey: ['chats'] })
    }
    socket.on('chat:created', placed)
    socket.on('chat:updated', placed)
    socket.on('chat:deleted', deleted)
    socket.on('chat:branch', branched)
    socket.on('message:completed', messageChanged)
    socket.on('message:deleted', messageChanged)
    socket.on('project:updated', projectUpdated)
    socket.on('project:deleted', projectDeleted)
    return () => {
      socket.off('chat:created', placed)
      socket.off('chat:updated', placed)
      socket.off('chat:deleted', deleted)
      socket.off('chat:branch', branched)
      socket.off('message:completed', messageChanged)
      socket.off('message:deleted', messageChanged)
      socket.off('project:updated', projectUpdated)
      socket.off('project:deleted', projectDeleted)
    }
  }, [socket, queryClient, forgetChat])
}
