import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/tools'

/** Approve or Deny of a call waiting for the person (409 when it no longer waits: decided in another tab). */
export async function decideToolCall(messageId: string, callId: string, decision: 'approve' | 'deny') {
  const call = api.messages({ id: messageId })['tool-calls']({ callId })
  const { error } = decision === 'approve' ? await call.approve.post() : await call.deny.post()
  if (error) throw apiFailure(error, t('tools.call.decideFailed'))
}
