import type { Failure, FailureReason } from '../../../db/catalogues/failures'
import { t } from '../../i18n/i18n'
import '../../i18n/areas/chat'

/** What a failed answer carries about why (the API's `error`, `error_code`, `error_values`). */
interface Failed {
  error?: string | null
  error_code?: FailureReason
  error_values?: Record<string, string | number>
}

/**
 * Why an answer failed, in the active language when the server stored the reason as a code
 * (docs/decisions/150); otherwise (older rows, a code this client does not know) the stored
 * English. Null when there is nothing to add to the failure's own title ('Failed to conduct research').
 */
export function failureReasonText(message: Failed): string | null {
  const failure = failureOf(message)
  if (!failure) return message.error?.trim() || null
  const { seconds, status, detail } = failure
  switch (failure.reason) {
    case 'provider_timeout':
      return seconds === undefined
        ? t('chat.failure.providerTimeout')
        : t('chat.failure.providerTimeoutSeconds', { seconds })
    case 'provider_unreachable':
      return t('chat.failure.providerUnreachable')
    case 'provider_stream_lost':
      return t('chat.failure.providerStreamLost')
    case 'provider_stream_cut':
      return t('chat.failure.providerStreamCut')
    case 'provider_status':
      return t('chat.failure.providerStatus', { status: String(status ?? ''), detail: detail ?? '' })
    case 'provider_failed':
      return detail ? t('chat.failure.providerFailedDetail', { detail }) : t('chat.failure.providerFailed')
    case 'interrupted':
      return t('chat.failure.interrupted')
    case 'no_model':
      return t('chat.failure.noModel')
    case 'budget_exceeded':
      return t('chat.failure.budgetExceeded')
    case 'research_failed':
      return null
    default:
      return message.error?.trim() || null
  }
}

function failureOf(message: Failed): Failure | null {
  if (!message.error_code) return null
  const values = message.error_values ?? {}
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined)
  return {
    reason: message.error_code,
    seconds: number(values.seconds),
    status: number(values.status),
    detail: typeof values.detail === 'string' ? values.detail : undefined,
  }
}

/** The message fields a `message:failed` event's `failure` stands for. */
export function failedFields(
  failure: Failure | null | undefined,
): Pick<Failed, 'error_code' | 'error_values'> {
  if (!failure) return {}
  const { reason, ...values } = failure
  return { error_code: reason, error_values: values }
}
