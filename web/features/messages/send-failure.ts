import { t } from '../../i18n/i18n'
import { errorCode } from '../../lib/api-error'
import '../../i18n/areas/chat'

/** Spec (section 7, 'Chat and composer'): the failure text, together with the error. */
export const SEND_FAILED = 'Failed to send message. Please try again.'

/**
 * The toast for a send or regenerate the server refused. A budget refusal says until when AI
 * requests are blocked, so 'Please try again' beside it would contradict it (the spec's other
 * reading, 'Failed to send message', for a refusal that trying again cannot cure).
 */
export function sendFailureToast(error: Error): { title: string; description: string } {
  if (errorCode(error) === 'rate_limited:budget')
    return { title: t('chat.reply.refused'), description: error.message }
  return { title: t('chat.reply.failed'), description: error.message }
}

/**
 * The line under a failed answer: the spec's text in the active language, and the stored reason
 * when there is one. A reason that is the spec's text itself (the server stores it in English) is
 * not repeated.
 */
export function replyFailureText(reason: string | null | undefined): {
  title: string
  reason: string | null
} {
  const title = t('chat.reply.failed')
  const stored = reason?.trim()
  return { title, reason: stored && stored !== SEND_FAILED && stored !== title ? stored : null }
}
