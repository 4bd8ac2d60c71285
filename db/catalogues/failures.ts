/**
 * Why an answer failed, as a code the client words in the person's language (docs/decisions/150).
 * The message's `error` (and a research run's) keeps the English sentence `failureText` (src/ai/failures.ts) makes from
 * the same code: the fallback for rows written before codes existed and for API consumers.
 */
export type FailureReason =
  /** `seconds`: the time-out, when known. */
  | 'provider_timeout'
  | 'provider_unreachable'
  | 'provider_stream_lost'
  | 'provider_stream_cut'
  /** `status` and the provider's own `detail` (its words, not translated). */
  | 'provider_status'
  /** `detail`: the provider's or the connection's words, when there are any. */
  | 'provider_failed'
  | 'interrupted'
  | 'no_model'
  /** The spec's 'Failed to conduct research' itself: nothing to add under it. */
  | 'research_failed'
  /** The person's AI budget ran out between two steps of an answer that calls tools (issue 30). */
  | 'budget_exceeded'

export interface Failure {
  reason: FailureReason
  seconds?: number
  status?: number
  detail?: string
}
