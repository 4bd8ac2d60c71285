import { describe, expect, test } from 'bun:test'
import { waitFor } from '../test/wait'
import { createFanout, FANOUT_EVENT, type FanoutEvent } from './fanout'

const event = (seq: number): FanoutEvent => ({ room: 'chat:1', event: 'message:delta', payload: { seq } })
const seqs = (batch: FanoutEvent[]) => batch.map((item) => (item.payload as { seq: number }).seq)

describe('fanout to other instances', () => {
  test('one publish at a time; events queued meanwhile go together, in order', async () => {
    const published: FanoutEvent[][] = []
    let release: () => void = () => {}
    const publish = createFanout(
      {
        serverSideEmit: ([name, batch]) => {
          expect(name).toBe(FANOUT_EVENT)
          published.push(batch as FanoutEvent[])
          return new Promise<void>((resolve) => {
            release = resolve
          })
        },
      },
      { warn: () => {} },
    )
    publish(event(1))
    publish(event(2))
    await waitFor(() => published.length === 1)
    for (let seq = 3; seq <= 5; seq += 1) publish(event(seq))
    expect(published.map(seqs)).toEqual([[1, 2]])
    release()
    await waitFor(() => published.length === 2)
    expect(published.map(seqs)).toEqual([
      [1, 2],
      [3, 4, 5],
    ])
    release()
  })

  test('a failed publish is logged and later events still go out', async () => {
    const published: number[][] = []
    const warnings: string[] = []
    let calls = 0
    const publish = createFanout(
      {
        serverSideEmit: async ([, batch]) => {
          calls += 1
          if (calls === 1) throw new Error('connection lost')
          published.push(seqs(batch as FanoutEvent[]))
        },
      },
      { warn: (message) => warnings.push(message) },
    )
    publish(event(1))
    await waitFor(() => warnings.length === 1)
    publish(event(2))
    await waitFor(() => published.length === 1)
    expect(published).toEqual([[2]])
    expect(warnings).toEqual(['could not send events to the other instances'])
  })
})
