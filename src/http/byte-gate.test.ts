import { describe, expect, test } from 'bun:test'
import { ByteGate, LARGE_BODIES_BUSY_MESSAGE } from './byte-gate'
import { AppError } from './errors'

const settled = async <T>(promise: Promise<T>) => {
  let done = false
  void promise.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  await Bun.sleep(5)
  return done
}

describe('ByteGate', () => {
  test('hands out shares while they fit; the next waits until one is given back, first come first served', async () => {
    const gate = new ByteGate(100, 10_000)
    const first = await gate.take(60)
    const second = await gate.take(40)
    expect(gate.available).toBe(0)
    const third = gate.take(50)
    const fourth = gate.take(10)
    // The small one does not overtake the one waiting before it.
    expect(await settled(third)).toBe(false)
    expect(await settled(fourth)).toBe(false)
    second()
    expect(await settled(third)).toBe(false)
    first()
    expect(await settled(third)).toBe(true)
    expect(await settled(fourth)).toBe(true)
    expect(gate.available).toBe(40)
    // Giving a share back twice counts once.
    ;(await third)()
    ;(await third)()
    ;(await fourth)()
    expect(gate.available).toBe(100)
  })

  test('a share larger than the whole is the whole; a negative one is nothing', async () => {
    const gate = new ByteGate(100, 10_000)
    const all = await gate.take(1_000)
    expect(gate.available).toBe(0)
    all()
    const none = await gate.take(-5)
    expect(gate.available).toBe(100)
    none()
  })

  test('one that waits too long is refused with a 503 and Retry-After; the queue moves on', async () => {
    const gate = new ByteGate(100, 30)
    const held = await gate.take(100)
    const refused = await gate.take(1).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      status: 503,
      code: 'unavailable:busy',
      message: LARGE_BODIES_BUSY_MESSAGE,
      headers: { 'retry-after': '5' },
    })
    held()
    expect(gate.available).toBe(100)
    ;(await gate.take(100))()
  })

  test('a client that goes away while waiting leaves the queue, and those behind it get their turn', async () => {
    const gate = new ByteGate(100, 10_000)
    const held = await gate.take(70)
    const leaving = new AbortController()
    const big = gate.take(50, leaving.signal)
    const small = gate.take(30)
    expect(await settled(small)).toBe(false)
    leaving.abort()
    expect(await big.catch((error: unknown) => (error as AppError).status)).toBe(400)
    expect(await settled(small)).toBe(true)
    held()
    ;(await small)()
    expect(gate.available).toBe(100)
  })
})
