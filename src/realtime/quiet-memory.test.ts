import { describe, expect, test } from 'bun:test'
import { QuietMemory } from './quiet-memory'

function setup(burst: number) {
  let clock = 0
  let releases = 0
  const quiet = new QuietMemory(
    () => (releases += 1),
    10_000,
    burst,
    () => clock,
  )
  const advance = (ms: number) => {
    // Checked every second, as the server does.
    for (let step = 0; step < ms; step += 1_000) {
      clock += 1_000
      quiet.check()
    }
  }
  return { quiet, advance, releases: () => releases }
}

describe('memory after a burst of events', () => {
  test('given back once after a burst, when no event has gone out for the quiet time', () => {
    const { quiet, advance, releases } = setup(3)
    for (let i = 0; i < 5; i += 1) quiet.sent()
    advance(1_000)
    advance(9_000)
    expect(releases()).toBe(0)
    advance(1_000)
    expect(releases()).toBe(1)
    // Still quiet: not again.
    advance(30_000)
    expect(releases()).toBe(1)
  })

  test('an event during the quiet time puts it off; a trickle under the burst never releases', () => {
    const { quiet, advance, releases } = setup(3)
    for (let i = 0; i < 3; i += 1) quiet.sent()
    advance(8_000)
    quiet.sent()
    advance(8_000)
    expect(releases()).toBe(0)
    advance(4_000)
    expect(releases()).toBe(1)
    const trickle = setup(100)
    for (let i = 0; i < 60; i += 1) {
      trickle.quiet.sent()
      trickle.advance(20_000)
    }
    expect(trickle.releases()).toBe(0)
  })
})
