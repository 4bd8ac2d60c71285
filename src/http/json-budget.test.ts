import { describe, expect, test } from 'bun:test'
import { JsonBudget, type JsonPath } from './json-budget'
import { BodyTooLargeError } from './read-capped'

const inlineContent = (path: JsonPath) =>
  path.length === 3 && path[0] === 'attachments' && typeof path[1] === 'number' && path[2] === 'content'

const encode = (text: string) => new TextEncoder().encode(text)

/** Feeds `text` in pieces of `size` bytes; true when the budget held. */
function fits(text: string, limit: number, size = Number.POSITIVE_INFINITY, cutFrom = 0): boolean {
  // Free strings are cut from their first byte here, unless `cutFrom` says otherwise.
  const budget = new JsonBudget(limit, inlineContent, cutFrom)
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
  })

  // JSON.parse reads `\u0063ontent` as `content`: the budget must see the same key, or a body could
  // hold a file's text where the parser does not look for it (decision 189).
  test('keys are read as JSON.parse reads them: escaped, or wholly in \\u escapes', () => {
    expect(fits(`{"attachments":[{"\\u0063ontent":"${big}"}]}`, 500)).toBe(true)
    const escaped = (key: string) =>
      [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    expect(fits(`{"${escaped('attachments')}":[{"${escaped('content')}":"${big}"}]}`, 500, 7)).toBe(true)
    expect(fits(`{"attachments":[{"\\u0063ontents":"${big}"}]}`, 500)).toBe(false)
  })

  test('an escaped quote does not end a counted string early, nor a free one', () => {
    expect(fits(`{"message":"\\"${big}"}`, 500, 3)).toBe(false)
    expect(fits(`{"attachments":[{"content":"\\"${big}\\\\"}],"x":1}`, 100, 3)).toBe(true)
  })

  test('cuts the free strings out: the kept bytes are the body with "" in their place, however it is cut', () => {
    // Cut from their first byte here (the route's threshold is 1 KiB); an empty one stays, inline.
    const body = JSON.stringify({
      sessionId: 'x',
      attachments: [
        { name: 'a.txt', content: `quote " backslash \\ brackets ] } é 😀 ${big}` },
        { content: '', name: 'empty.txt' },
        { name: 'c', content: 'data:image/png;base64,AAAA' },
      ],
      message: 'content',
    })
    const decoder = new TextDecoder()
    for (const size of [1, 2, 3, 5, 64, Number.POSITIVE_INFINITY]) {
      const budget = new JsonBudget(500, inlineContent, 0)
      const bytes = encode(body)
      const step = Math.min(size, bytes.length)
      const kept: number[] = []
      const free: { path: JsonPath; bytes: number[] }[] = []
      const inline: JsonPath[] = []
      for (let at = 0; at < bytes.length; at += step)
        for (const piece of budget.feed(bytes.subarray(at, at + step))) {
          if ('kept' in piece) kept.push(...piece.kept)
          else if ('begin' in piece) free.push({ path: piece.begin, bytes: [] })
          else if ('inline' in piece) inline.push(piece.inline)
          else free.at(-1)!.bytes.push(...piece.free)
        }
      const parsed = JSON.parse(decoder.decode(new Uint8Array(kept)))
      expect(parsed.attachments.map((file: { content: string }) => file.content)).toEqual(['', '', ''])
      expect(parsed.message).toBe('content')
      expect(
        free.map(({ path, bytes: raw }) => [path, JSON.parse(`"${decoder.decode(new Uint8Array(raw))}"`)]),
      ).toEqual([
        [['attachments', 0, 'content'], `quote " backslash \\ brackets ] } é 😀 ${big}`],
        [['attachments', 2, 'content'], 'data:image/png;base64,AAAA'],
      ])
      expect(inline).toEqual([['attachments', 1, 'content']])
    }
  })

  test('a free string up to the threshold stays in the body and counts; a longer one is cut whole', () => {
    const short = 'x'.repeat(1024)
    const long = `${'y'.repeat(1024)}z`
    const body = encode(JSON.stringify({ attachments: [{ content: short }, { content: long }] }))
    for (const size of [1, 7, 1000, Number.POSITIVE_INFINITY]) {
      const budget = new JsonBudget(10_000, inlineContent)
      const kept: number[] = []
      const cut: number[] = []
      const step = Math.min(size, body.length)
      for (let at = 0; at < body.length; at += step)
        for (const piece of budget.feed(body.subarray(at, at + step))) {
          if ('kept' in piece) kept.push(...piece.kept)
          else if ('free' in piece) cut.push(...piece.free)
        }
      const parsed = JSON.parse(new TextDecoder().decode(new Uint8Array(kept)))
      expect(parsed.attachments.map((file: { content: string }) => file.content)).toEqual([short, ''])
      expect(new TextDecoder().decode(new Uint8Array(cut))).toBe(long)
    }
    // Kept, it counts: 1,500 of them pass a 1 MiB budget.
    const many = JSON.stringify({ attachments: Array.from({ length: 1500 }, () => ({ content: short })) })
    expect(fits(many, 1024 * 1024, Number.POSITIVE_INFINITY, 1024)).toBe(false)
    expect(fits(many, 1024 * 1024)).toBe(true)
  })
})
