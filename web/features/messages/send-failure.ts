import { errorCode } from '../../lib/api-error'

/** Spec (section 7, 'Chat and composer'): the failure text, together with the error. */
export const SEND_FAILED = 'Failed to send message. Please try again.'
/** The spec's other reading, for a refusal that trying again cannot cure. */
const SEND_REFUSED = 'Failed to send message'

/**
 * The toast for a send or regenerate the server refused. A budget refusal says until when AI
 * requests are blocked, so 'Please try again' beside it would contradict it.
 */
export function sendFailureToast(error: Error): { title: string; description: string } {
  if (errorCode(error) === 'rate_limited:budget') return { title: SEND_REFUSED, description: error.message }
  return { title: SEND_FAILED, description: error.message }
}

/** The line under a failed answer: the spec's text, and the stored reason when there is one. */
export function replyFailureText(reason: string | null | undefined): {
  title: string
  reason: string | null
} {
  const stored = reason?.trim()
  return { title: SEND_FAILED, reason: stored && stored !== SEND_FAILED ? stored : null }
}
