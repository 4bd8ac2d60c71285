import { describe, expect, test } from 'bun:test'
import { apiFailure } from '../../lib/api-error'
import { replyFailureText, SEND_FAILED, sendFailureToast } from './send-failure'

describe('sendFailureToast', () => {
  test('a budget refusal does not say "Please try again" beside "blocked until tomorrow"', () => {
    const refusal = apiFailure(
      {
        status: 429,
        value: {
          success: false,
          error: 'Daily budget exceeded. AI requests are blocked until tomorrow.',
          code: 'rate_limited:budget',
        },
      },
      'HTTP error! status: 429',
    )
    const toast = sendFailureToast(refusal)
    expect(toast.title).toBe('Failed to send message')
    expect(toast.description).toBe('Daily budget exceeded. AI requests are blocked until tomorrow.')
    expect(`${toast.title} ${toast.description}`).not.toContain('Please try again')
  })

  test('other failures keep the spec text with the error', () => {
    const busy = apiFailure(
      {
        status: 409,
        value: {
          success: false,
          error: 'A reply is already in progress for this chat',
          code: 'conflict:reply',
        },
      },
      'x',
    )
    expect(sendFailureToast(busy)).toEqual({
      title: SEND_FAILED,
      description: 'A reply is already in progress for this chat',
    })
  })
})

describe('replyFailureText', () => {
  test('shows the stored reason with the spec text', () => {
    expect(replyFailureText('The AI provider did not answer within 30 seconds')).toEqual({
      title: 'Failed to send message. Please try again.',
      reason: 'The AI provider did not answer within 30 seconds',
    })
  })

  test('no reason, or the spec text itself, shows the spec text alone', () => {
    expect(replyFailureText(null).reason).toBeNull()
    expect(replyFailureText(SEND_FAILED).reason).toBeNull()
  })
})
