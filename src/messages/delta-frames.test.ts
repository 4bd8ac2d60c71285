import { describe, expect, test } from 'bun:test'
import { waitFor } from '../test/wait'
import { DeltaFrames } from './delta-frames'
import type { LiveReply } from './live-replies'

type Sent = { chatId: string; messageId: string; delta: string; seq: number }

function setup(frameMs = 10) {
  const sent: Sent[] = []
  const deps = {
    log: { warn: () => {} },
    saves: { note: () => {} },
    deliver: (_chatId: string, delta: Sent) => sent.push(delta),
  }
  return { sent, frames: new DeltaFrames(deps, frameMs) }
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
  test("a reply's first text goes out at once; what follows in the frame waits for its end, as one delta with the next seq", async () => {
    const { sent, frames } = setup()
    const a = reply('a')
    const b = reply('b')
    frames.add(a, 'Hel')
    frames.add(b, 'One')
    // Leading edge: nothing was sent for either reply in this frame, so both leave at once.
    expect(sent).toEqual([
      { chatId: 'chat-a', messageId: 'message-a', delta: 'Hel', seq: 1 },
      { chatId: 'chat-b', messageId: 'message-b', delta: 'One', seq: 1 },
    ])
    expect(a).toMatchObject({ content: 'Hel', seq: 1 })
    frames.add(a, 'lo')
    frames.add(a, ' you')
    // Waiting for the frame's end: content and seq have not moved.
    expect(sent).toHaveLength(2)
    expect(a).toMatchObject({ content: 'Hel', seq: 1 })
    await waitFor(() => sent.length === 3)
    expect(sent[2]).toEqual({ chatId: 'chat-a', messageId: 'message-a', delta: 'lo you', seq: 2 })
    expect(a).toMatchObject({ content: 'Hello you', seq: 2 })
    expect(b).toMatchObject({ content: 'One', seq: 1 })
  })

  test('at most one delta per reply per frame, however much text arrives', async () => {
    const { sent, frames } = setup(15)
    const a = reply('a')
    for (let i = 0; i < 100; i += 1) frames.add(a, `${i} `)
    expect(sent).toHaveLength(1)
    await waitFor(() => sent.length === 2)
    // The frame that sent the waiting text keeps the reply open: the next text waits again.
    frames.add(a, 'more')
    expect(sent).toHaveLength(2)
    await waitFor(() => sent.length === 3)
    expect(sent.map((delta) => delta.seq)).toEqual([1, 2, 3])
    expect(a.content).toBe(`${Array.from({ length: 100 }, (_, i) => `${i} `).join('')}more`)
  })

  test('after a frame with nothing waiting, the next text leaves at once again', async () => {
    const { sent, frames } = setup(10)
    const a = reply('a')
    frames.add(a, 'first')
    // Two frame ends: the first finds nothing waiting and closes the reply.
    await Bun.sleep(35)
    frames.add(a, ' second')
    expect(sent.map((delta) => [delta.delta, delta.seq])).toEqual([
      ['first', 1],
      [' second', 2],
    ])
  })

  test('flush sends a reply’s waiting text at once, and the frame does not send it again', async () => {
    const { sent, frames } = setup(20)
    const a = reply('a')
    frames.add(a, 'some ')
    frames.add(a, 'last words')
    frames.flush(a)
    frames.flush(a)
    expect(sent).toEqual([
      { chatId: 'chat-a', messageId: 'message-a', delta: 'some ', seq: 1 },
      { chatId: 'chat-a', messageId: 'message-a', delta: 'last words', seq: 2 },
    ])
    await Bun.sleep(50)
    expect(sent).toHaveLength(2)
    expect(a.content).toBe('some last words')
  })

  test('flush with nothing waiting sends nothing, and the reply is let go', async () => {
    const { sent, frames } = setup(10)
    const a = reply('a')
    frames.add(a, 'all of it')
    frames.flush(a)
    expect(sent).toHaveLength(1)
    expect((frames as unknown as { open: Map<unknown, string> }).open.size).toBe(0)
    await Bun.sleep(30)
    expect(sent).toHaveLength(1)
  })
})
