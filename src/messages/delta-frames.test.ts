import { describe, expect, test } from 'bun:test'
import type { Realtime } from '../context'
import { waitFor } from '../test/wait'
import { DeltaFrames } from './delta-frames'
import type { LiveReply } from './live-replies'

type Sent = { chatId: string; messageId: string; delta: string; seq: number }

function setup(frameMs = 10) {
  const sent: Sent[] = []
  const realtime = { toChat: (_chatId: string, _event: string, payload: Sent) => sent.push(payload) }
  const ctx = {
    database: {},
    log: { warn: () => {} },
    realtime: realtime as unknown as Realtime,
  } as unknown as ConstructorParameters<typeof DeltaFrames>[0]
  return { sent, frames: new DeltaFrames(ctx, frameMs) }
}

const reply = (id: string): LiveReply => ({
  chatId: `chat-${id}`,
  userId: 'user',
  messageId: `message-${id}`,
  content: '',
  seq: 0,
  controller: new AbortController(),
  done: Promise.resolve(undefined),
})

describe('delta frames', () => {
  test("a frame's text goes out as one delta per reply, with the next seq; content and seq move together", async () => {
    const { sent, frames } = setup()
    const a = reply('a')
    const b = reply('b')
    frames.add(a, 'Hel')
    frames.add(b, 'One')
    frames.add(a, 'lo')
    expect(sent).toEqual([])
    expect(a).toMatchObject({ content: '', seq: 0 })
    await waitFor(() => sent.length === 2)
    expect(sent).toEqual([
      { chatId: 'chat-a', messageId: 'message-a', delta: 'Hello', seq: 1 },
      { chatId: 'chat-b', messageId: 'message-b', delta: 'One', seq: 1 },
    ])
    frames.add(a, ' world')
    await waitFor(() => sent.length === 3)
    expect(sent[2]).toEqual({ chatId: 'chat-a', messageId: 'message-a', delta: ' world', seq: 2 })
    expect(a).toMatchObject({ content: 'Hello world', seq: 2 })
  })

  test('flush sends a reply’s waiting text at once, and the frame does not send it again', async () => {
    const { sent, frames } = setup(20)
    const a = reply('a')
    frames.add(a, 'last words')
    frames.flush(a)
    frames.flush(a)
    expect(sent).toEqual([{ chatId: 'chat-a', messageId: 'message-a', delta: 'last words', seq: 1 }])
    await Bun.sleep(40)
    expect(sent).toHaveLength(1)
    expect(a.content).toBe('last words')
  })
})
