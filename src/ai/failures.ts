import type { Failure } from '../../db/catalogues/failures'

/** The English sentence stored in `error` (unchanged from before codes were stored). */
export function failureText(failure: Failure): string {
  const { seconds, status, detail } = failure
  switch (failure.reason) {
    case 'provider_timeout':
      return seconds === undefined
        ? 'The AI provider did not answer in time'
        : `The AI provider did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`
    case 'provider_unreachable':
      return 'Could not connect to the AI provider'
    case 'provider_stream_lost':
      return 'The connection to the AI provider was lost before the answer was complete'
    case 'provider_stream_cut':
      return 'The AI provider closed the stream before the answer was complete'
    case 'provider_status':
      return `The AI provider answered ${status}: ${detail ?? ''}`.trimEnd()
    case 'provider_failed':
      return detail ? `The AI provider failed: ${detail}` : 'The AI provider failed'
    case 'interrupted':
      return 'The reply was interrupted when the server stopped'
    case 'no_model':
      return 'No AI model is available right now'
    case 'research_failed':
      return 'Failed to conduct research'
    case 'budget_exceeded':
      return 'The AI budget ran out before the answer was finished'
  }
}

/** The values a failure's text needs, for the API's `error_values` (absent when none). */
export function failureValues(failure: Failure): Record<string, string | number> | undefined {
  const values: Record<string, string | number> = {}
  if (failure.seconds !== undefined) values.seconds = failure.seconds
  if (failure.status !== undefined) values.status = failure.status
  if (failure.detail !== undefined) values.detail = failure.detail
  return Object.keys(values).length ? values : undefined
}
