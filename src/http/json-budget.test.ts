import { describe, expect, test } from 'bun:test'
import { JsonBudget, type JsonPath } from './json-budget'
import { BodyTooLargeError } from './read-capped'

const inlineContent = (path: JsonPath) =>
  path.length === 3 && path[0] === 'attachments' && typeof path[1] === 'number' && path[2] === 'content'

const encode = (text: string) => new TextEncoder().encode(text)

/** Feeds `text` in pieces of `size` bytes; true when the budget held. */
function fits(text: string, limit: number, size = Number.POSITIVE_INFINITY): boolean {
  const budget = new JsonBudget(limit, inlineContent)
  const bytes = encode(text)
  const step = Math.min(size, bytes.length)
  try {
    for (let at = 0; at < bytes.length; at += step) budget.feed(bytes.subarray(at, at + step))
    return true
  } catch (error) {
    if (error instanceof BodyTooLargeError) return false
    throw error
  }
}

const big = 'A'.repeat(1000)

describe('JsonBudget', () => {
  test('counts every byte of a body without free strings', () => {
    const body = JSON.stringify({ sessionId: 'x', message: big })
    expect(fits(body, body.length)).toBe(true)
    expect(fits(body, body.length - 1)).toBe(false)
  })

  test('the strings at a free path do not count, however the body is cut', () => {
    const body = JSON.stringify({
      sessionId: 'x',
      message: 'hi',
      attachments: [
        { name: 'a.txt', content: big },
        { name: 'b.txt', type: 'text/plain', content: `quote " and backslash \\ and ] } ${big}` },
      ],
    })
    for (const size of [1, 2, 3, 7, 64, Number.POSITIVE_INFINITY]) expect(fits(body, 200, size)).toBe(true)
  })

  test('the same strings elsewhere count: another key, another depth, a key that only looks alike', () => {
    const bodies = [
      { message: big },
      { attachments: [{ name: big, content: '' }] },
      { content: big },
      { attachments: { content: big } },
      { attachments: [{ meta: { content: big } }] },
      { attachments: [[big]] },
    ]
    for (const body of bodies)
      expect({ body, fits: fits(JSON.stringify(body), 500, 5) }).toEqual({ body, fits: false })
    // Escaped keys are compared as sent: `\u0063ontent` is not let through.
    expect(fits(`{"attachments":[{"\\u0063ontent":"${big}"}]}`, 500)).toBe(false)
  })

  test('an escaped quote does not end a counted string early, nor a free one', () => {
    expect(fits(`{"message":"\\"${big}"}`, 500, 3)).toBe(false)
    expect(fits(`{"attachments":[{"content":"\\"${big}\\\\"}],"x":1}`, 100, 3)).toBe(true)
  })
})
