import { Check, Copy, GitBranchPlus, Pencil, Square } from 'lucide-react'
import { memo, useMemo, useState } from 'react'
import { formatTime } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { linkCitations } from '../research/citations'
import { ToolCallsSlot, useWaitsForApproval } from '../tools/tool-calls-slot'
import { MessageAttachmentsSlot } from './attachments-slot'
import { BranchArrows } from './branch-arrows'
import { failureReasonText } from './failure-text'
import { useLiveText } from './live-text-store'
import { hasFilesMarker, stripFilesMarker } from './markdown/split-blocks'
import { useMarkdown } from './markdown/use-markdown'
import { actionClass } from './message-action-class'
import { useMessageActions } from './message-actions'
import { MessageFeedback } from './message-feedback'
import { MessageNotes, notesOf } from './message-notes'
import { MessageSources } from './message-sources'
import { MessageUsage } from './message-usage'
import { type Message, researchIdOf } from './messages-query'
import { RegenerateButton } from './regenerate-button'
import { ReplyFailure } from './reply-failure'
import '../../i18n/areas/chat'
import { lazyComponent } from '../../lib/lazy-component'

// Only research answers need it: the progress card, the Retry of a failed run and the tokens and
// cost of a finished one (decision 127).
const ResearchCard = lazyComponent(() => import('../research/research-card'))
// Fetched when a message is first opened for editing.
const MessageEditor = lazyComponent(() => import('./message-editor'))

/**
 * The time of day in the active language. `formatTime` keeps one Intl formatter per language:
 * `toLocaleTimeString` builds a new one per call, which a trace of opening a chat showed as the
 * costliest line of a bubble's render.
 */
function timeOfDay(iso: string) {
  return formatTime(iso)
}

/** One message: the user's on the right as typed, the assistant's on the left as markdown. */
export const MessageBubble = memo(function MessageBubble({
  message,
  isLast,
}: {
  message: Message
  isLast: boolean
}) {
  if (message.is_user) return <UserBubble message={message} />
  return <AssistantBubble message={message} isLast={isLast} />
})

function UserBubble({ message }: { message: Message }) {
  const t = useT()
  const actions = useMessageActions()
  const [editing, setEditing] = useState(false)
  const text = stripFilesMarker(message.content)
  if (editing) {
    return (
      <article
        className="flex flex-col items-end"
        data-testid="message"
        data-role="user"
        aria-label={t('chat.message.user')}
      >
        <MessageEditor message={message} onClose={() => setEditing(false)} />
      </article>
    )
  }
  return (
    <article
      className="flex flex-col items-end"
      data-testid="message"
      data-role="user"
      aria-label={t('chat.message.user')}
    >
      {text ? (
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand/15 px-4 py-2.5 whitespace-pre-wrap break-words text-zinc-900 dark:bg-brand/25 dark:text-zinc-50">
          {text}
        </div>
      ) : null}
      <MessageAttachmentsSlot message={message} hasAttachments={hasFilesMarker(message.content)} />
      <div className="mt-1 flex items-center gap-1">
        <BranchArrows message={message} />
        <time dateTime={message.created_at} className="text-xs text-zinc-600 dark:text-zinc-400">
          {timeOfDay(message.created_at)}
        </time>
        <CopyButton text={text} />
        {/* The server refuses an edit while a reply streams in the chat. */}
        {actions.canReply ? (
          <button
            type="button"
            className={actionClass}
            aria-label={t('chat.edit.open')}
            title={t('chat.edit.open')}
            onClick={() => setEditing(true)}
          >
            <Pencil className="size-3.5" aria-hidden />
          </button>
        ) : null}
        <ForkButton messageId={message.id} />
      </div>
    </article>
  )
}

function AssistantBubble({ message, isLast }: { message: Message; isLast: boolean }) {
  const t = useT()
  const actions = useMessageActions()
  const live = useLiveText(message.id)
  const streaming = message.status === 'streaming'
  const researchId = researchIdOf(message)
  const raw = stripFilesMarker(streaming && live ? live.content : message.content)
  // A research report's [n] citations link to its numbered sources.
  const text = useMemo(
    () => (researchId && !streaming ? linkCitations(raw) : raw),
    [researchId, streaming, raw],
  )
  // A call waiting for Approve or Deny says so itself; "Thinking…" under it would be wrong.
  const waitsForApproval = useWaitsForApproval(message)
  const thinking = streaming && text === '' && !researchId && !waitsForApproval
  const researchMode = !researchId
    ? null
    : streaming
      ? 'progress'
      : message.status === 'failed'
        ? 'failed'
        : message.status === 'stopped'
          ? 'stopped'
          : 'completed'
  const Markdown = useMarkdown()
  // Worded in the active language when the server stored the reason as a code (decision 150).
  const failureReason = message.status === 'failed' ? failureReasonText(message) : null
  const notes = notesOf(message)
  // A report's notes (what was not searched) come first, as they did inside its text.
  const reportNotes = notes.filter((note) => note.code === 'research')
  const replyNotes = notes.filter((note) => note.code !== 'research')
  return (
    <article
      className="flex flex-col items-start"
      data-testid="message"
      data-role="assistant"
      data-status={message.status}
      aria-label={t('chat.message.assistant')}
      aria-busy={streaming || undefined}
    >
      <div
        className={cn(
          'max-w-full rounded-2xl rounded-bl-md border border-zinc-200 bg-white px-4 py-3 shadow-xs sm:max-w-[90%] dark:border-zinc-800 dark:bg-zinc-900',
          message.status === 'failed' && 'border-red-300 dark:border-red-900',
        )}
      >
        {researchId && researchMode === 'progress' ? (
          // The report streams in under the card while it is written.
          <div className={text ? 'mb-3 border-b border-zinc-200 pb-3 dark:border-zinc-800' : undefined}>
            <ResearchCard researchId={researchId} mode="progress" />
          </div>
        ) : null}
        {reportNotes.length && researchMode !== 'progress' ? (
          <div className="mb-2">
            <MessageNotes notes={reportNotes} />
          </div>
        ) : null}
        <ToolCallsSlot message={message} />
        {thinking ? (
          <p className="flex items-center gap-2 text-zinc-600 dark:text-zinc-400" data-testid="thinking">
            <span className="flex gap-1" aria-hidden>
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
              <span className="size-1.5 animate-bounce rounded-full bg-current" />
            </span>
            {t('chat.message.thinking')}
          </p>
        ) : text ? (
          typeof Markdown === 'function' ? (
            <Markdown
              text={text}
              streaming={streaming}
              cut={message.status === 'failed' || message.status === 'stopped'}
            />
          ) : (
            // The chat view waits for the markdown chunk, so this shows only if it failed to load.
            <p className="whitespace-pre-wrap">{text}</p>
          )
        ) : null}
        {message.status === 'failed' && !researchId ? <ReplyFailure reason={failureReason} /> : null}
        {researchId && researchMode && researchMode !== 'progress' ? (
          <ResearchCard
            researchId={researchId}
            mode={researchMode}
            reason={failureReason}
            kept={text !== ''}
          />
        ) : null}
        {!streaming && 'sources' in message && message.sources ? (
          <MessageSources sources={message.sources} />
        ) : null}
        {/* Shown from the start, while the answer streams: the person knows at once what the model did not see. */}
        <MessageNotes notes={replyNotes} />
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <BranchArrows message={message} />
        <time dateTime={message.created_at} className="text-xs text-zinc-600 dark:text-zinc-400">
          {timeOfDay(message.created_at)}
        </time>
        {message.status === 'stopped' ? (
          <span
            className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"
            data-testid="stopped"
          >
            <Square className="size-3" aria-hidden /> {t('chat.message.stopped')}
          </span>
        ) : null}
        {!streaming && text ? <CopyButton text={text} /> : null}
        {/* Under a finished report Regenerate researches the topic again (a failed or cancelled run has its own Retry). */}
        {isLast && !streaming && actions.canReply && (!researchId || researchMode === 'completed') ? (
          <RegenerateButton messageId={message.id} failed={message.status === 'failed'} />
        ) : null}
        {streaming ? null : <MessageFeedback message={message} />}
        {streaming ? null : <MessageUsage message={message} />}
        {streaming ? null : <ForkButton messageId={message.id} />}
      </div>
    </article>
  )
}

/** 'Branch in new chat': the path up to this message, copied into a new chat that opens. */
function ForkButton({ messageId }: { messageId: string }) {
  const t = useT()
  const actions = useMessageActions()
  return (
    <button
      type="button"
      className={actionClass}
      aria-label={t('chat.branch.fork')}
      title={t('chat.branch.fork')}
      onClick={() => actions.fork(messageId)}
    >
      <GitBranchPlus className="size-3.5" aria-hidden />
    </button>
  )
}

function CopyButton({ text }: { text: string }) {
  const t = useT()
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className={actionClass}
      aria-label={copied ? t('chat.message.copied') : t('chat.message.copy')}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 1500)
        })
      }}
    >
      {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
    </button>
  )
}
