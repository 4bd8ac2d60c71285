import { describe, expect, test } from 'bun:test'
import { waitFor } from '../test/wait'
import { createFanout, type FanoutEvent, type Frame, FULL_FRAME_EVENTS } from './fanout'
import { PEER_RETURN_MS, PEER_TIMEOUT_MS, Peers } from './peers'
import { MAX_NOTIFY_BYTES } from './pg-transport'

const event = (seq: number): FanoutEvent => ({ room: 'chat:1', event: 'message:delta', payload: { seq } })

describe('fanout to other instances', () => {
  test('the events of one turn leave as one frame, and no frame waits for the one before it', async () => {
    const sent: Frame[] = []
    const fanout = createFanout('me', { send: (frame) => sent.push(frame) })
    fanout.publish(event(1))
    fanout.publish(event(2))
    await waitFor(() => sent.length === 1)
    for (let seq = 3; seq <= 5; seq += 1) fanout.publish(event(seq))
    await waitFor(() => sent.length === 2)
    fanout.heartbeat()
    expect(sent).toEqual([
      {
        f: 'me',
        n: 1,
        e: [
          ['chat:1', 'message:delta', { seq: 1 }],
          ['chat:1', 'message:delta', { seq: 2 }],
        ],
      },
      { f: 'me', n: 2, e: [3, 4, 5].map((seq) => ['chat:1', 'message:delta', { seq }]) },
      { f: 'me', n: 3 },
    ])
  })

  test('a full frame leaves when the current task ends, without waiting for the turn', async () => {
    const sent: Frame[] = []
    const fanout = createFanout('me', { send: (frame) => sent.push(frame) })
    for (let seq = 1; seq <= FULL_FRAME_EVENTS + 2; seq += 1) fanout.publish(event(seq))
    await Promise.resolve()
    // The microtask took the full frame (and what joined it in the same task); the turn's end sends
    // nothing more, and the next events start a new frame, in order.
    expect(sent.map((frame) => frame.e?.length)).toEqual([FULL_FRAME_EVENTS + 2])
    fanout.publish(event(FULL_FRAME_EVENTS + 3))
    await waitFor(() => sent.length === 2)
    await Bun.sleep(5)
    expect(sent.map((frame) => frame.n)).toEqual([1, 2])
    expect(
      sent.flatMap((frame) => frame.e ?? []).map(([, , payload]) => (payload as { seq: number }).seq),
    ).toEqual(Array.from({ length: FULL_FRAME_EVENTS + 3 }, (_, index) => index + 1))
  })

  test('a heartbeat sends the events queued before it first, in order', () => {
    const sent: Frame[] = []
    const fanout = createFanout('me', { send: (frame) => sent.push(frame) })
    fanout.publish(event(1))
    fanout.heartbeat()
    expect(sent.map((frame) => frame.e?.length ?? 'heartbeat')).toEqual([1, 'heartbeat'])
  })
})

/** Another instance announces the reply `m` it streams in chat `c`. */
const STREAMING_REPLY_CREATED: NonNullable<Frame['e']>[number] = [
  'chat:c',
  'message:created',
  { chatId: 'c', message: { id: 'm', is_user: false, status: 'streaming' } },
]

describe('peers', () => {
  const delta = (messageId: string, seq: number, text: string) =>
    ['chat:c', 'message:delta', { chatId: 'c', messageId, delta: text, seq }] as [
      string,
      'message:delta',
      unknown,
    ]

  test('mirrors another instance’s reply from its deltas, and forgets it at its outcome', () => {
    const peers = new Peers(() => 0)
    expect(peers.receive({ f: 'a', n: 1, e: [delta('m', 1, 'Hel'), delta('m', 2, 'lo')] })).toBe('next')
    expect(peers.reply('c')).toEqual({ messageId: 'm', content: 'Hello', seq: 2 })
    // A frame seen twice (listening again) changes nothing.
    expect(peers.receive({ f: 'a', n: 1, e: [delta('m', 2, 'lo')] })).toBe('seen')
    expect(peers.reply('c')?.content).toBe('Hello')
    peers.receive({
      f: 'a',
      n: 2,
      e: [['chat:c', 'message:completed', { chatId: 'c', message: { id: 'm' } }]],
    })
    expect(peers.reply('c')).toBeUndefined()
  })

  test('a missed frame or a reply heard from the middle gives no snapshot', () => {
    const peers = new Peers(() => 0)
    peers.receive({ f: 'a', n: 1, e: [delta('m', 3, 'late')] })
    expect(peers.reply('c')).toBeUndefined()
    peers.receive({
      f: 'b',
      n: 1,
      e: [['chat:d', 'message:delta', { chatId: 'd', messageId: 'x', delta: 'a', seq: 1 }]],
    })
    expect(peers.reply('d')?.content).toBe('a')
    expect(peers.receive({ f: 'b', n: 3 })).toBe('missed')
    expect(peers.reply('d')).toBeUndefined()
  })

  test('a silent peer is lost with the replies it was streaming', () => {
    let now = 0
    const peers = new Peers(() => now)
    peers.receive({
      f: 'a',
      n: 1,
      e: [
        STREAMING_REPLY_CREATED,
        [
          'chat:c',
          'message:created',
          { chatId: 'c', message: { id: 'u', is_user: true, status: 'complete' } },
        ],
      ],
    })
    peers.receive({ f: 'b', n: 1 })
    now = PEER_TIMEOUT_MS - 1
    peers.receive({ f: 'b', n: 2 })
    expect(peers.takeLost()).toEqual([])
    now = PEER_TIMEOUT_MS
    expect(peers.takeLost()).toEqual([
      { id: 'a', replies: [{ chatId: 'c', messageId: 'm', content: '', seq: 0 }] },
    ])
    expect(peers.size).toBe(1)
  })

  test('events are shared while a peer is heard, in the first moments, and a while after a loss', () => {
    let now = 0
    const peers = new Peers(() => now)
    // Its first moments: another may not have heard it yet.
    expect(peers.sharing).toBe(true)
    now = PEER_TIMEOUT_MS
    expect(peers.sharing).toBe(false)
    peers.receive({ f: 'b', n: 1 })
    expect(peers.sharing).toBe(true)
    now = 2 * PEER_TIMEOUT_MS
    expect(peers.takeLost().map((lost) => lost.id)).toEqual(['b'])
    // Gone, but it may only have stalled.
    now += PEER_RETURN_MS - 1
    expect(peers.sharing).toBe(true)
    now += 1
    expect(peers.sharing).toBe(false)
  })

  test('silence while this instance cannot hear (its own connection down) loses no peer', () => {
    let now = 0
    const peers = new Peers(() => now)
    peers.receive({
      f: 'a',
      n: 1,
      e: [STREAMING_REPLY_CREATED],
    })
    // Postgres away for 20 s: this instance hears nobody, itself included.
    for (now = 1_000; now <= 20_000; now += 1_000) expect(peers.takeLost(false)).toEqual([])
    // Back: the peer gets the whole time-out to be heard again, and its reply is still known.
    now = 20_000 + PEER_TIMEOUT_MS - 1
    expect(peers.takeLost(true)).toEqual([])
    expect(peers.reply('c')).toEqual({ messageId: 'm', content: '', seq: 0 })
    // Still silent while this instance hears: gone, with its reply.
    now = 20_000 + PEER_TIMEOUT_MS
    expect(peers.takeLost(true)).toEqual([
      { id: 'a', replies: [{ chatId: 'c', messageId: 'm', content: '', seq: 0 }] },
    ])
  })
})

/** The NOTIFY payloads a frame becomes, from a transport that never connects (`pieces` is pure). */
async function piecesOf(frame: Frame): Promise<string[]> {
  const { createPgTransport } = await import('./pg-transport')
  const transport = createPgTransport({
    url: 'postgres://nobody@127.0.0.1:1/none',
    instanceId: 'me',
    log: { warn: () => {} },
    receive: () => {},
    relistened: () => {},
  })
  transport.ready.catch(() => {})
  const pieces = transport.pieces(frame)
  await transport.close()
  return pieces
}

describe('NOTIFY pieces', () => {
  test('a large frame is cut into pieces under the NOTIFY limit, each numbered', async () => {
    const events = Array.from(
      { length: 300 },
      (_, seq) => ['chat:1', 'message:delta', { delta: 'x'.repeat(90), seq }] as Frame['e'] & object,
    ) as NonNullable<Frame['e']>
    const pieces = await piecesOf({ f: 'me', n: 1, e: events })
    expect(pieces.length).toBeGreaterThan(3)
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThan(MAX_NOTIFY_BYTES)
    const parsed = pieces.map((piece) => JSON.parse(piece) as Frame)
    expect(parsed.map((piece) => piece.n)).toEqual(parsed.map((_, index) => index + 1))
    expect(parsed.flatMap((piece) => piece.e)).toEqual(events)
  })

  test('no piece holds the separator of a NOTIFY statement, whatever the text of an event', async () => {
    // A model may write any control character; the pieces of one statement are split at U+0001.
    const events = [
      ['chat:1', 'message:delta', { delta: 'a\u0001b\u0000c\u001f"\\', seq: 1 }],
    ] as NonNullable<Frame['e']>
    const pieces = await piecesOf({ f: 'me', n: 1, e: events })
    for (const piece of pieces) expect(piece.includes('\u0001')).toBe(false)
    expect(pieces.flatMap((piece) => (JSON.parse(piece) as Frame).e)).toEqual(events)
  })
})
