import { describe, expect, test } from 'bun:test'
import { readdirSync, readlinkSync } from 'node:fs'
import { AppError } from './errors'
import { InlineSpool } from './inline-spool'
import { JsonBudget } from './json-budget'

const encode = (text: string) => new TextEncoder().encode(text)
const noShare = async () => () => {}
const at = (index: number) => ['attachments', index, 'content']

/** A spool holding each string of `raw` (as sent in the JSON, escapes and all) at attachments[i]. */
async function spoolOf(
  raw: string[],
  options: { spill?: 'before' | 'between' | 'never'; piece?: number } = {},
) {
  const spool = new InlineSpool(noShare)
  if (options.spill === 'before') await spool.spill()
  for (const [index, text] of raw.entries()) {
    spool.begin(['attachments', index, 'content'])
    const bytes = encode(text)
    const step = Math.max(1, Math.min(options.piece ?? 7, bytes.length))
    for (let at = 0; at < bytes.length; at += step) await spool.write(bytes.subarray(at, at + step))
    if (options.spill === 'between' && index === 0) await spool.spill()
  }
  return spool
}

/** This process's open files that are spools (unlinked, so the kernel names them "(deleted)"). */
function openSpools(): number {
  let count = 0
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (/parley-inline-.*\(deleted\)$/.test(readlinkSync(`/proc/self/fd/${fd}`))) count++
    } catch {}
  }
  return count
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  return error instanceof AppError ? { code: error.code, message: error.message } : error
}

describe('InlineSpool (decision 189)', () => {
  const sent = [
    // As JSON.stringify writes them, and with the escapes a client may choose instead.
    JSON.stringify('quote " backslash \\ new\nline é 😀').slice(1, -1),
    '\\u00e9t\\u00E9 \\ud83d\\ude00 \\/ \\b\\f\\r\\t',
    '',
    'data:image/png;base64,iVBORw0KGgo=',
  ]
  const expected = [
    'quote " backslash \\ new\nline é 😀',
    'été 😀 / \b\f\r\t',
    '',
    'data:image/png;base64,iVBORw0KGgo=',
  ]

  for (const spill of ['never', 'before', 'between'] as const)
    test(`reads each text back as JSON.parse would (spilled: ${spill})`, async () => {
      const spool = await spoolOf(sent, { spill })
      for (const [index, text] of expected.entries()) expect(await spool.text(at(index))).toBe(text)
      expect(await spool.text(at(4))).toBeUndefined()
      await spool.dispose()
    })

  test('a key given twice: the last text counts, as JSON.parse keeps the last', async () => {
    const spool = new InlineSpool(noShare)
    for (const text of ['first', 'second']) {
      spool.begin(['attachments', 0, 'content'])
      await spool.write(encode(text))
    }
    expect(await spool.text(at(0))).toBe('second')
  })

  test('a malformed text is 400 as a malformed body is; NUL is refused with its own message', async () => {
    const malformed = { code: 'bad_request:body', message: 'Malformed request body' }
    for (const raw of ['bad \\x escape', 'raw\ttab', 'cut \\u12', 'lone \\']) {
      const spool = await spoolOf([raw], { spill: 'before' })
      expect({ raw, refused: await refusal(spool.text(at(0))) }).toEqual({ raw, refused: malformed })
      await spool.dispose()
    }
    const badUtf8 = new InlineSpool(noShare)
    badUtf8.begin(['attachments', 0, 'content'])
    await badUtf8.write(new Uint8Array([0x61, 0xff, 0x62]))
    expect(await refusal(badUtf8.text(at(0)))).toEqual(malformed)
    const nul = await spoolOf(['a\\u0000b'])
    expect(await refusal(nul.text(at(0)))).toEqual({
      code: 'bad_request:nul',
      message: 'Text cannot contain NUL characters (\\u0000)',
    })
  })

  test('its file has no name on disk and is closed by dispose', async () => {
    const before = openSpools()
    const spool = await spoolOf(['x'.repeat(300_000), 'y'], { spill: 'before', piece: 65_536 })
    expect(openSpools()).toBe(before + 1)
    expect(spool.bytes).toBe(300_001)
    expect((await spool.text(at(0)))?.length).toBe(300_000)
    await spool.dispose()
    await spool.dispose()
    expect(openSpools()).toBe(before)
  })

  test('a temporary directory it cannot write is 503, the server’s fault, not a bad body', async () => {
    const saved = process.env.TMPDIR
    process.env.TMPDIR = '/nonexistent/parley'
    try {
      const spool = await spoolOf(['x'])
      expect(await refusal(spool.spill())).toEqual({
        code: 'unavailable:spool',
        message: 'The server could not keep the attached files. Please try again later.',
      })
    } finally {
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
    }
  })

  test('stand-ins carry each text’s first characters; restoreMarked puts the texts back into a copy', async () => {
    // Escapes and multi-byte characters across the 64th byte, where a stand-in's head is cut.
    const raw = [
      `data:image\\/png;base64,${'A'.repeat(38)}\\u00e9${'B'.repeat(100)}`,
      `${'x'.repeat(63)}é${'y'.repeat(10)}`,
      `${'z'.repeat(63)}😀 and more`,
      `${'q'.repeat(63)}\\n tail`,
    ]
    const texts = raw.map((text) => JSON.parse(`"${text}"`) as string)
    for (const spill of ['never', 'before'] as const) {
      const spool = await spoolOf(raw, { spill })
      const body = { attachments: raw.map(() => ({ content: '' })) }
      await spool.markInto(body)
      body.attachments.forEach((entry, index) => {
        const [head, number] = entry.content.split('\0')
        expect(texts[index]!.startsWith(head!)).toBe(true)
        expect(head!.length).toBeGreaterThan(50)
        expect(number).toBe(String(index))
      })
      // The route's own copy of what it read (as readChatRequest copies each URL).
      const copy = { turns: body.attachments.map((entry) => ({ parts: [{ url: entry.content }] })) }
      await spool.restoreMarked(copy)
      expect(copy.turns.map((turn) => turn.parts[0]!.url)).toEqual(texts)
      await spool.dispose()
    }
  })

  test('a stand-in’s head that is not text is refused at once; NUL past the head when the text is read back', async () => {
    const malformed = await spoolOf(['bad \\x escape'])
    expect(await refusal(malformed.markInto({ attachments: [{ content: '' }] }))).toEqual({
      code: 'bad_request:body',
      message: 'Malformed request body',
    })
    const nul = await spoolOf([`${'a'.repeat(100)}\\u0000`])
    const body = { attachments: [{ content: '' }] }
    await nul.markInto(body)
    expect(await refusal(nul.restoreMarked(body))).toEqual({
      code: 'bad_request:nul',
      message: 'Text cannot contain NUL characters (\\u0000)',
    })
  })

  test('only a body past the JSON limit waits for a share of the allowance', async () => {
    const asked: number[] = []
    const share = async (bytes: number) => {
      asked.push(bytes)
      return () => {}
    }
    const small = new InlineSpool(share)
    small.begin(['attachments', 0, 'content'])
    await small.write(new Uint8Array(1024))
    ;(await small.hold())()
    const large = new InlineSpool(share)
    large.begin(['attachments', 0, 'content'])
    await large.write(new Uint8Array(2 * 1024 * 1024))
    ;(await large.hold())()
    expect(asked).toEqual([2 * 1024 * 1024])
  })
})

/**
 * The body parser's cut, checked against JSON.parse on random bodies: files' texts with every kind
 * of character and escape, keys escaped or not, given twice, cut into random chunks. The kept bytes
 * parsed, with each file's text read back from the spool, must equal JSON.parse of the whole.
 */
describe('JsonBudget and InlineSpool together, against JSON.parse', () => {
  const inlineContent = (path: readonly (string | number)[]) =>
    path.length === 3 && path[0] === 'attachments' && typeof path[1] === 'number' && path[2] === 'content'
  const alphabet = [
    'a',
    'Z',
    '0',
    ' ',
    '"',
    '\\',
    '/',
    '\n',
    '\t',
    'é',
    '😀',
    '東',
    '\u2028',
    '\u007f',
    '{',
    ']',
    ',',
    ':',
  ]
  let seed = 42
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
  const text = () => Array.from({ length: Math.floor(random() * 40) }, () => pick(alphabet)).join('')
  /** JSON for a string, with some characters written as \u escapes (as some clients do). */
  const jsonString = (value: string) =>
    JSON.stringify(value).replace(/[é😀/]/gu, (character) =>
      random() < 0.5
        ? character
        : [...character]
            .flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
            .map((code) => `\\u${code.toString(16).padStart(4, '0')}`)
            .join(''),
    )
  const key = (name: string) =>
    random() < 0.2 ? `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${name.slice(1)}"` : `"${name}"`

  test('200 random bodies, each cut into random chunks', async () => {
    for (let round = 0; round < 200; round++) {
      const files = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const fields = [`${key('name')}:${jsonString(text())}`, `${key('content')}:${jsonString(text())}`]
        if (random() < 0.2) fields.push(`"content":${jsonString(text())}`)
        return `{${(random() < 0.5 ? fields : fields.toReversed()).join(',')}}`
      })
      const body = `{"message":${jsonString(text())},${key('attachments')}:[${files.join(',')}],"sessionId":"x"}`
      const bytes = new TextEncoder().encode(body)
      // Strings cut from a random length on: some stay in the body, some are cut.
      const budget = new JsonBudget(1_000_000, inlineContent, Math.floor(random() * 12))
      const spool = new InlineSpool(noShare)
      if (random() < 0.5) await spool.spill()
      const kept: number[] = []
      for (let at = 0; at < bytes.length; ) {
        const end = Math.min(bytes.length, at + 1 + Math.floor(random() * 9))
        // Each chunk a copy, wiped once its pieces are used: as readBody frees a chunk (releaseChunk),
        // nothing may hold on to it.
        const chunk = bytes.slice(at, end)
        for (const piece of budget.feed(chunk)) {
          if ('kept' in piece) kept.push(...piece.kept)
          else if ('begin' in piece) spool.begin(piece.begin)
          else if ('inline' in piece) spool.forget(piece.inline)
          else await spool.write(piece.free)
        }
        chunk.fill(0)
        at = end
      }
      const parsed = JSON.parse(new TextDecoder().decode(new Uint8Array(kept)))
      for (const [index, file] of parsed.attachments.entries())
        file.content = (await spool.text(at(index))) ?? file.content
      expect({ body, parsed }).toEqual({ body, parsed: JSON.parse(body) })
      await spool.dispose()
    }
  })
})
