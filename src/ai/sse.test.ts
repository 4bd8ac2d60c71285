import { describe, expect, test } from 'bun:test'
import { SseParser } from './sse'

function parse(pieces: string[]) {
  const parser = new SseParser()
  const events: [string, string | undefined][] = []
  const onEvent = (data: string, event: string | undefined) => events.push([data, event])
  for (const piece of pieces) parser.push(piece, onEvent)
  parser.end(onEvent)
  return events
}

describe('server-sent events', () => {
  test('events end at a blank line, whatever the pieces the text arrives in', () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'
    const whole = parse([text])
    expect(whole).toEqual([
      ['{"a":1}', undefined],
      ['{"b":2}', undefined],
      ['[DONE]', undefined],
    ])
    // Every split point, one character at a time too.
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(whole)
    }
    expect(parse([...text])).toEqual(whole)
  })

  test('CRLF and CR end lines; data lines join with LF; names, comments and other fields', () => {
    expect(parse([': keep-alive\r\n\r\nevent: error\r\ndata: one\r\ndata:two\r\nid: 7\r\n\r\n'])).toEqual([
      ['one\ntwo', 'error'],
    ])
    expect(parse(['data: a\r', '\r', 'data: b\r\r'])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ])
    // A CR split from its LF across pieces is one line end, not two.
    expect(parse(['data: a\r', '\n', 'data: b\r\n\r\n'])).toEqual([['a\nb', undefined]])
  })

  test('a last event without its blank line still counts; a blank line alone sends nothing', () => {
    expect(parse(['\n\ndata: tail'])).toEqual([['tail', undefined]])
    expect(parse(['data: x\n'])).toEqual([['x', undefined]])
    expect(parse(['event: ping\n\n'])).toEqual([])
  })
})
