import { describe, expect, test } from 'bun:test'
import { APIError } from 'openai'
import { type ChatStreamState, readChatStream } from './openai-stream'
import type { ProviderEvent } from './types'

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ delta: { content }, finish_reason: finish }] })}\n\n`

/** A response whose body arrives in these pieces (each one network read). */
function response(pieces: string[]): Response {
  const bytes = new TextEncoder()
  return new Response(
    new ReadableStream<Uint8Array>({
      async pull(controller) {
        const piece = pieces.shift()
        if (piece === undefined) return controller.close()
        await Bun.sleep(1)
        controller.enqueue(bytes.encode(piece))
      },
    }),
  )
}

async function read(pieces: string[]) {
  const state: ChatStreamState = { started: false, finished: false }
  const events: ProviderEvent[] = []
  let error: unknown
  try {
    for await (const event of readChatStream(response(pieces), state)) events.push(event)
  } catch (caught) {
    error = caught
  }
  return { state, events, error }
}

describe('chat completions stream', () => {
  test('the text of one read goes out as one delta; usage after it; finish_reason ends the answer', async () => {
    const usage = `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } })}\n\n`
    const { state, events, error } = await read([
      chunk('Hel') + chunk('lo'),
      chunk(' wor'),
      // A multi-byte character cut between two reads.
      `${chunk('ld é').slice(0, 40)}`,
      `${chunk('ld é').slice(40)}${chunk(null, 'stop')}${usage}data: [DONE]\n\n`,
    ])
    expect(error).toBeUndefined()
    expect(events).toEqual([
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' wor' },
      { type: 'delta', text: 'ld é' },
      { type: 'usage', promptTokens: 3, completionTokens: 4 },
    ])
    expect(state).toEqual({ started: true, finished: true })
  })

  test('tool calls, parallel and in pieces, are assembled by index and given once the stream is whole', async () => {
    const tool = (calls: unknown[], finish: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ delta: { tool_calls: calls }, finish_reason: finish }] })}\n\n`
    const { events, state } = await read([
      chunk('Let me check.'),
      tool([{ index: 0, id: 'call_1', type: 'function', function: { name: 'web_search', arguments: '' } }]),
      tool([
        { index: 1, id: 'call_2', type: 'function', function: { name: 'file_search', arguments: '{"qu' } },
      ]),
      tool([{ index: 0, function: { arguments: '{"query":' } }]) +
        tool([{ index: 1, function: { arguments: 'ery":"b"}' } }]),
      tool([{ index: 0, function: { arguments: '"a"}' } }], 'tool_calls'),
      'data: [DONE]\n\n',
    ])
    expect(events).toEqual([
      { type: 'delta', text: 'Let me check.' },
      {
        type: 'tool_calls',
        calls: [
          { id: 'call_1', type: 'function', function: { name: 'web_search', arguments: '{"query":"a"}' } },
          { id: 'call_2', type: 'function', function: { name: 'file_search', arguments: '{"query":"b"}' } },
        ],
      },
    ])
    expect(state.finished).toBe(true)
    // A provider that sends no id still gets one; a hostile index does not grow an array.
    const odd = await read([tool([{ index: 1e9, function: { name: 'x', arguments: '{}' } }], 'tool_calls')])
    expect(odd.events).toEqual([
      {
        type: 'tool_calls',
        calls: [{ id: 'call_0', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
    ])
  })

  test('a stream that ends without finish_reason is not finished; nothing after [DONE] counts', async () => {
    expect((await read([chunk('cut')])).state).toEqual({ started: true, finished: false })
    const after = await read([chunk('a', 'stop'), 'data: [DONE]\n\n', chunk('late')])
    expect(after.events).toEqual([{ type: 'delta', text: 'a' }])
  })

  test('an error event or a chunk carrying an error throws the API error; a chunk that is not JSON throws', async () => {
    const named = await read([chunk('x'), 'event: error\ndata: {"message":"overloaded"}\n\n'])
    expect(named.error).toBeInstanceOf(APIError)
    expect(named.events).toEqual([{ type: 'delta', text: 'x' }])
    const inline = await read(['data: {"error":{"message":"rate limited"}}\n\n'])
    expect(inline.error).toBeInstanceOf(APIError)
    expect((inline.error as APIError).message).toContain('rate limited')
    const broken = await read(['data: {nope\n\n'])
    expect(broken.error).toBeInstanceOf(SyntaxError)
  })
})
