import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MessageSquare, ThumbsDown, ThumbsUp } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Label, Textarea } from '../../ui/input'
import { AnchoredPanel } from './anchored-panel'
import { type Feedback, feedbackMutationKey, patchFeedback } from './feedback-cache'
import { cachedMessage, type Message } from './messages-query'
import '../../i18n/areas/chat'

/** The server's limit (src/feedback/model.ts). */
const MAX_COMMENT = 2000

// Colours apart from the rest: `cn` only joins, so a pressed button must not carry the idle colours too.
const buttonClass =
  'flex items-center gap-1 rounded-md px-1.5 py-1 text-xs hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800'
const idleClass = 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
const pressedClass = 'text-brand-ink'
const look = (on: boolean) => cn(buttonClass, on ? pressedClass : idleClass)

type Rating = Feedback['rating']

async function saveFeedback(messageId: string, body: { rating: Rating | null; comment?: string | null }) {
  const { data, error } = await api.messages({ id: messageId }).feedback.put(body)
  if (error) throw apiFailure(error, translate('chat.feedback.failed'))
  return data.data.message.feedback ?? null
}

/**
 * Thumbs up and down under an answer (issue 27, point 5), each a toggle: pressing the pressed one
 * takes the rating back. After a rating, an optional comment opens by the buttons. The cached answer
 * changes at once and goes back if the server refuses; other tabs hear of it (`message:feedback`).
 */
export function MessageFeedback({ message }: { message: Message }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [anchor, setAnchor] = useState<HTMLFieldSetElement | null>(null)
  const [commentButton, setCommentButton] = useState<HTMLButtonElement | null>(null)
  const [commenting, setCommenting] = useState(false)
  const [draft, setDraft] = useState('')
  const panelId = useId()
  const commentId = useId()
  const feedback = message.feedback ?? null

  // The newest press: an earlier one's answer or refusal, coming back after it, changes nothing.
  const newest = useRef(0)
  const rate = useMutation({
    mutationKey: feedbackMutationKey(message.id),
    scope: { id: `feedback:${message.id}` },
    mutationFn: (next: Feedback | null) =>
      saveFeedback(message.id, next ? { rating: next.rating, comment: next.comment } : { rating: null }),
    onMutate: (next) => {
      const before = cachedMessage(queryClient, message.chat_id, message.id)?.feedback ?? null
      patchFeedback(queryClient, message.chat_id, message.id, next)
      newest.current += 1
      return { before, press: newest.current }
    },
    onSuccess: (saved, _next, context) => {
      if (context.press === newest.current) patchFeedback(queryClient, message.chat_id, message.id, saved)
    },
    onError: (error, _next, context) => {
      if (context && context.press === newest.current)
        patchFeedback(queryClient, message.chat_id, message.id, context.before)
      toast.error(error.message)
    },
  })

  if (message.is_user || message.status === 'streaming' || message.status === 'failed') return null

  const openComment = (comment: string | null) => {
    setDraft(comment ?? '')
    setCommenting(true)
  }
  const choose = (rating: Rating) => {
    if (feedback?.rating === rating) {
      setCommenting(false)
      rate.mutate(null)
      return
    }
    // Switching thumbs keeps the comment written so far, offered again to be changed.
    const comment = feedback?.comment ?? null
    rate.mutate({ rating, comment })
    openComment(comment)
  }
  const saveComment = () => {
    if (!feedback) return
    const comment = draft.trim() || null
    setCommenting(false)
    rate.mutate(
      { rating: feedback.rating, comment },
      { onSuccess: () => toast.success(t('chat.feedback.saved')) },
    )
  }

  return (
    <fieldset
      ref={setAnchor}
      aria-label={t('chat.feedback.label')}
      className="flex items-center"
      data-testid="message-feedback"
      data-rating={feedback?.rating ?? 'none'}
    >
      <button
        type="button"
        className={look(feedback?.rating === 'up')}
        aria-label={t('chat.feedback.up')}
        title={t('chat.feedback.up')}
        aria-pressed={feedback?.rating === 'up'}
        onClick={() => choose('up')}
        data-testid="feedback-up"
      >
        <ThumbsUp className={cn('size-3.5', feedback?.rating === 'up' && 'fill-current')} aria-hidden />
      </button>
      <button
        type="button"
        className={look(feedback?.rating === 'down')}
        aria-label={t('chat.feedback.down')}
        title={t('chat.feedback.down')}
        aria-pressed={feedback?.rating === 'down'}
        onClick={() => choose('down')}
        data-testid="feedback-down"
      >
        <ThumbsDown className={cn('size-3.5', feedback?.rating === 'down' && 'fill-current')} aria-hidden />
      </button>
      {feedback ? (
        <button
          ref={setCommentButton}
          type="button"
          className={look(Boolean(feedback.comment))}
          aria-label={feedback.comment ? t('chat.feedback.editComment') : t('chat.feedback.comment')}
          title={feedback.comment ?? t('chat.feedback.comment')}
          aria-expanded={commenting}
          aria-controls={commenting ? panelId : undefined}
          onClick={() => (commenting ? setCommenting(false) : openComment(feedback.comment))}
          data-testid="feedback-comment"
        >
          <MessageSquare className="size-3.5" aria-hidden />
        </button>
      ) : null}
      {commenting && feedback && anchor ? (
        <AnchoredPanel
          anchor={anchor}
          returnFocus={commentButton}
          onClose={() => setCommenting(false)}
          id={panelId}
          label={t('chat.feedback.label')}
          className="w-80"
          testId="feedback-form"
        >
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              saveComment()
            }}
          >
            <Label htmlFor={commentId}>{t('chat.feedback.commentLabel')}</Label>
            <Textarea
              id={commentId}
              autoFocus
              rows={3}
              maxLength={MAX_COMMENT}
              value={draft}
              placeholder={
                feedback.rating === 'up' ? t('chat.feedback.commentUp') : t('chat.feedback.commentDown')
              }
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Ctrl/Cmd+Enter saves, as in the composer's habits; Enter alone makes a new line.
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault()
                  saveComment()
                }
              }}
            />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => setCommenting(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" size="sm" data-testid="feedback-save">
                {t('common.save')}
              </Button>
            </div>
          </form>
        </AnchoredPanel>
      ) : null}
    </fieldset>
  )
}
