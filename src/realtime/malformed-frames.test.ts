import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import postgres from 'postgres'
import { waitFor } from '../test/wait'
import { type Frame, isFrame } from './fanout'
import { createPgTransport, FANOUT_CHANNEL, type PgTransport } from './pg-transport'

/** Payloads of every shape but a frame's: anything that can NOTIFY on the database reaches every instance. */
const MALFORMED = [
  'not json',
  'null',
  '5',
  '"text"',
  '[]',
  '{"f":1,"n":1}',
  '{"f":"other","n":"1"}',
  '{"f":"other","n":1.5}',
  '{"f":"other","n":1,"e":5}',
  '{"f":"other","n":1,"e":[5]}',
  '{"f":"other","n":1,"e":[["chat:1"]]}',
  '{"f":"other","n":1,"e":[["chat:1",7,{}]]}',
  '{"f":"other","a":"1; drop table users"}',
  '{"f":"other","a":null}',
]

describe('frames of other shapes', () => {
  test('only frames pass: a sender and a counter, and events of a room, a name and a payload', () => {
    for (const payload of MALFORMED.slice(1)) expect(isFrame(JSON.parse(payload))).toBe(false)
    expect(isFrame({ f: 'other', n: 3 })).toBe(true)
    expect(isFrame({ f: 'other', n: 3, e: [['chat:1', 'message:delta', { seq: 1 }]] })).toBe(true)
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('malformed NOTIFY payloads on the fanout channel', () => {
  const url = process.env.TEST_DATABASE_URL!
  const received: Frame[] = []
  const warnings: string[] = []
  let transport: PgTransport
  let sender: postgres.Sql

  beforeAll(async () => {
    transport = createPgTransport({
      url,
      instanceId: crypto.randomUUID(),
      log: { warn: (message) => warnings.push(message) },
      receive: (frame) => received.push(frame),
      relistened: () => {},
    })
    await transport.ready
    sender = postgres(url, { max: 1, onnotice: () => {} })
  })
  afterAll(async () => {
    await transport.close()
    await sender.end()
  })

  test('are dropped with a warning, and the frames after them still arrive in order', async () => {
    for (const payload of MALFORMED) await sender`select pg_notify(${FANOUT_CHANNEL}, ${payload})`
    const frame: Frame = {
      f: `other-${crypto.randomUUID()}`,
      n: 1,
      e: [['chat:1', 'message:delta', { seq: 1 }]],
    }
    await sender`select pg_notify(${FANOUT_CHANNEL}, ${JSON.stringify(frame)})`
    await waitFor(() => received.length === 1, 5_000, 'the well-formed frame')
    expect(received).toEqual([frame])
    expect(warnings.filter((message) => message === 'ignored a malformed fanout frame').length).toBe(
      MALFORMED.length,
    )
  })
})
