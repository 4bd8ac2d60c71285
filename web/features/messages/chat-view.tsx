import { useInfiniteQuery, useIsMutating, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { errorCode } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { AgentDropdown } from '../agents/agent-dropdown'
import { useAgentChoice } from '../agents/use-agent-choice'
import { chatsQuery } from '../chats/chats-query'
import { CREATE_CHAT_KEY, chatBeingCreated, useCreateChat } from '../chats/use-chat-mutations'
import { useSelectChat } from '../chats/use-current-chat'
import { Composer, type ComposerState, type PromptSettings } from '../composer/composer'
import { NO_CHAT } from '../composer/drafts'
import { Welcome } from '../dashboard/welcome'
import { openExportChat } from '../knowledge/knowledge-ui'
import { ModelDropdown } from '../models/model-dropdown'
import { useSelectedModel } from '../models/use-selected-model'
import { linkCitations } from '../research/citations'
import { ToolsButton } from '../tools/tools-button'
import { useToolEvents } from '../tools/use-tool-events'
import { stripFilesMarker } from './markdown/split-blocks'
import { useMarkdown, useWarmMarkdown } from './markdown/use-markdown'
import { type MessageActions, MessageActionsContext } from './message-actions'
import { MessageList } from './message-list'
import { type Message, messagesQuery, researchIdOf } from './messages-query'
import { useChatEvents } from './use-chat-events'
import { useFeedbackEvents } from './use-feedback-events'
import { useRegenerate, useSendMessage, useStopReply } from './use-reply-actions'
import { useEditMessage, useForkChat, useSwitchBranch } from './use-tree-actions'
import '../../i18n/areas/chat'
import { lazyComponent } from '../../lib/lazy-component'

const ChatSettingsDialog = lazyComponent(() => import('../chat-settings/chat-settings-dialog'))

/** The message area and the composer for the current chat (or the welcome when there is none). */
export function ChatView({ chatId, name }: { chatId: string | undefined; name: string | null }) {
  useAutoSelectFirstChat(chatId)
  useChatEvents(chatId)
  useFeedbackEvents(chatId)
  useToolEvents(chatId)
  const t = useT()
  const messages = useInfiniteQuery({ ...messagesQuery(chatId ?? ''), enabled: Boolean(chatId) })
  const list = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.messages) ?? []).slice().reverse(),
    [messages.data],
  )
  const selectChat = useSelectChat()
  useEffect(() => {
    if (!messages.isError) return
    if (errorCode(messages.error) === 'not_found:chat') void selectChat(null, { replace: true })
    else toast.error(t('chat.messages.loadFailed'), { id: 'messages-load' })
  }, [messages.isError, messages.error, selectChat, t])

  const model = useSelectedModel()
  const agent = useAgentChoice({ models: model.models, chooseModel: model.choose })
  const agentId = agent.selected?.id ?? null
  const queryClient = useQueryClient()
  const createChat = useCreateChat()
  const send = useSendMessage()
  const stop = useStopReply(chatId)
  const regenerate = useRegenerate(chatId)
  const edit = useEditMessage(chatId)
  const switchBranch = useSwitchBranch(chatId)
  const fork = useForkChat(chatId)
  const [settingsOpen, setSettingsOpen] = useState(false)
  // Read through a ref, so the actions stay the same functions and the memoised bubbles do not all
  // re-render on every list change.
  const latest = useRef({
    regenerate,
    edit,
    switchBranch,
    fork,
    modelId: model.selected?.id ?? null,
    agentId,
  })
  latest.current = { regenerate, edit, switchBranch, fork, modelId: model.selected?.id ?? null, agentId }
  const doers = useMemo(
    () => ({
      regenerate: (messageId: string, modelId?: string) =>
        latest.current.regenerate.mutate({
          messageId,
          modelId: modelId ?? latest.current.modelId,
          agentId: latest.current.agentId,
        }),
      edit: (messageId: string, content: string, attachmentIds: string[]) =>
        latest.current.edit
          .mutateAsync({
            messageId,
            content,
            attachmentIds,
            modelId: latest.current.modelId,
            agentId: latest.current.agentId,
          })
          .then(
            () => true,
            () => false,
          ),
      switchBranch: (messageId: string) => latest.current.switchBranch.mutate(messageId),
      fork: (messageId: string) => latest.current.fork.mutate(messageId),
    }),
    [],
  )

  // A research report is written by its job for minutes and does not hold the chat (decision 127).
  const streaming = list.some((message) => message.status === 'streaming' && !researchIdOf(message))
  const replying = send.isPending || regenerate.isPending || edit.isPending
  const state: ComposerState = streaming
    ? 'streaming'
    : replying
      ? 'submitted'
      : send.isError
        ? 'error'
        : 'idle'

  async function onSend(text: string, attachmentIds: string[]): Promise<string | null> {
    try {
      const target = await chatToSendTo(chatId, () => createChat.mutateAsync())
      await send.mutateAsync({
        chatId: target,
        content: text,
        modelId: model.selected?.id ?? null,
        agentId,
        attachmentIds,
      })
      return target
    } catch (error) {
      // The agent was disabled or withdrawn meanwhile (another tab, an administrator): read the
      // agents again, so the dropdown falls back to one that can answer.
      if (errorCode(error) === 'bad_request:agent')
        void queryClient.invalidateQueries({ queryKey: ['agents'] })
      return null
    }
  }

  /**
   * A saved prompt's model becomes the selected one when it is on offer (an unknown or disabled
   * model leaves the choice alone), and its tools are turned on in the chat, those the person may
   * use (issue 30).
   */
  function applyPromptSettings(prompt: PromptSettings) {
    const wanted = prompt.model_id
    if (wanted && wanted !== model.selected?.id && model.models.some((m) => m.id === wanted)) {
      model.choose(wanted)
    }
    if (chatId && prompt.tools.length > 0) {
      void import('../tools/apply-prompt-tools').then(({ applyPromptTools }) =>
        applyPromptTools(queryClient, chatId, prompt.tools),
      )
    }
  }

  // Messages show once the markdown renderer is here too, so answers never flash as plain text,
  // and once the latest answers are parsed (in slices), so they show whole and no task is long.
  const markdownPending = useMarkdown() === null
  const latestAnswers = useMemo(
    () => (messages.isSuccess ? answersInView(list) : null),
    [messages.isSuccess, list],
  )
  const warm = useWarmMarkdown(chatId, latestAnswers)
  const showWelcome = !chatId || (messages.isSuccess && list.length === 0)
  const canReply = !streaming && !replying
  const actions = useMemo<MessageActions>(
    () => ({ ...doers, canReply, switching: switchBranch.isPending }),
    [doers, canReply, switchBranch.isPending],
  )
  return (
    <MessageActionsContext.Provider value={actions}>
      {showWelcome ? (
        <div className="flex min-h-0 flex-1 items-center justify-center overflow-y-auto py-10">
          <Welcome name={name} onCreateChat={() => createChat.mutate()} creating={createChat.isPending} />
        </div>
      ) : messages.isPending || markdownPending || !warm ? (
        <div className="flex-1" role="status" aria-label={t('chat.messages.loading')} />
      ) : (
        <MessageList
          key={chatId}
          messages={list}
          hasOlder={messages.hasNextPage}
          // Busy while any read of the list is in flight, not only the next page: a call during a
          // reading again (after the socket joins) leaves that request be and loads nothing, so the
          // list must ask again once it is done, or a reader already at the top stays stuck there.
          loadingOlder={messages.isFetching}
          // A call while a page is loading leaves that request be (rather than restarting it).
          onLoadOlder={() => void messages.fetchNextPage({ cancelRefetch: false })}
        />
      )}
      <Composer
        state={state}
        hasChat={Boolean(chatId)}
        draftKey={chatId ?? NO_CHAT}
        onSend={onSend}
        onStop={() => stop.mutate()}
        onOpenSettings={() => setSettingsOpen(true)}
        onPromptChosen={applyPromptSettings}
        ensureChat={() => chatToSendTo(chatId, () => createChat.mutateAsync()).catch(() => null)}
        onExportChat={() => chatId && openExportChat(chatId)}
        agentDropdown={
          agent.shown ? (
            <AgentDropdown
              agents={agent.agents}
              selected={agent.selected}
              onChoose={agent.choose}
              onSetVisible={agent.setVisible}
            />
          ) : null
        }
        toolsButton={<ToolsButton chatId={chatId} />}
        vision={{ selected: model.selected, models: model.models, onChoose: model.choose }}
        modelDropdown={
          <ModelDropdown
            models={model.models}
            loading={model.loading}
            selected={model.selected}
            onChoose={model.choose}
          />
        }
      />
      {settingsOpen && chatId ? (
        <ChatSettingsDialog chatId={chatId} open onOpenChange={setSettingsOpen} />
      ) : null}
    </MessageActionsContext.Provider>
  )
}

/** The finished answers among the latest messages: the ones a freshly opened chat shows. */
function answersInView(list: Message[]): string[] {
  return list
    .slice(-12)
    .filter((message) => !message.is_user && message.status !== 'streaming')
    .map((message) => {
      const text = stripFilesMarker(message.content)
      // Warm what the bubble shows: a report with its citations as links.
      return researchIdOf(message) ? linkCitations(text) : text
    })
}

/**
 * Spec section 4: when chats exist and none is selected, the first becomes current. Not while a
 * chat is being created or a navigation is on its way (New Chat clicked while the list loads):
 * the new chat is the one the user chose, and the next message must go there.
 */
function useAutoSelectFirstChat(chatId: string | undefined) {
  const chats = useInfiniteQuery(chatsQuery(''))
  const first = chats.data?.pages[0]?.chats[0]?.id
  const creating = useIsMutating({ mutationKey: CREATE_CHAT_KEY }) > 0
  const router = useRouter()
  const selectChat = useSelectChat()
  useEffect(() => {
    if (chatId || !first || creating || router.latestLocation.pathname !== '/') return
    void selectChat(first, { replace: true })
  }, [chatId, first, creating, router, selectChat])
}

/**
 * The chat a message goes to: the one being created if 'New Chat' was just clicked, else the
 * current one, else a chat created for it (Enter with no chat creates one and sends).
 */
async function chatToSendTo(chatId: string | undefined, create: () => Promise<{ id: string }>) {
  const pending = chatBeingCreated()
  if (pending) return (await pending).id
  return chatId ?? (await create()).id
}
