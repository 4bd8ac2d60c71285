import { afterEach, describe, expect, test } from 'bun:test'
import { createWorkerPool, type WorkerPool, WorkerPoolError } from './worker-pool'

type Request = { behaviour: 'echo' | 'throw' | 'exit' | 'hang'; value: string }

let pool: WorkerPool<Request, string> | null = null
const makePool = (size: number, queueLimit?: number) => {
  pool = createWorkerPool<Request, string>({
    url: new URL('../test/crash-worker.ts', import.meta.url),
    size,
    queueLimit,
  })
  return pool
}

afterEach(() => pool?.close())

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(WorkerPoolError)
  return (error as WorkerPoolError).failure
}

describe('worker pool', () => {
  test('runs jobs in a worker and returns their answers', async () => {
    const workers = makePool(2)
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((value) => workers.run({ behaviour: 'echo', value }, { timeoutMs: 5000 })),
    )
    expect(answers).toEqual(['echo:a', 'echo:b', 'echo:c'])
  })

  test('a hanging job is cut off at its time limit and a new worker serves the next job', async () => {
    const workers = makePool(1)
    const started = performance.now()
    expect(await failureOf(workers.run({ behaviour: 'hang', value: '' }, { timeoutMs: 300 }))).toBe('timeout')
    expect(performance.now() - started).toBeLessThan(3000)
    expect(await workers.run({ behaviour: 'echo', value: 'after' }, { timeoutMs: 5000 })).toBe('echo:after')
    expect(workers.started).toBe(2)
  })

  test('a job queued behind a hanging one still completes once the hang is cut off', async () => {
    const workers = makePool(1)
    const hung = workers.run({ behaviour: 'hang', value: '' }, { timeoutMs: 300 })
    const queued = workers.run({ behaviour: 'echo', value: 'queued' }, { timeoutMs: 5000 })
    expect(await failureOf(hung)).toBe('timeout')
    expect(await queued).toBe('echo:queued')
  })

  test('a worker that throws fails its job as crashed and is replaced', async () => {
    const workers = makePool(1)
    expect(await failureOf(workers.run({ behaviour: 'throw', value: '' }, { timeoutMs: 5000 }))).toBe(
      'crashed',
    )
    expect(await workers.run({ behaviour: 'echo', value: 'x' }, { timeoutMs: 5000 })).toBe('echo:x')
  })

  test('a worker that exits fails its job as crashed and is replaced', async () => {
    const workers = makePool(1)
    expect(await failureOf(workers.run({ behaviour: 'exit', value: '' }, { timeoutMs: 5000 }))).toBe(
      'crashed',
    )
    expect(await workers.run({ behaviour: 'echo', value: 'y' }, { timeoutMs: 5000 })).toBe('echo:y')
  })

  test('refuses jobs beyond the queue limit at once', async () => {
    const workers = makePool(1, 1)
    const running = workers.run({ behaviour: 'hang', value: '' }, { timeoutMs: 500 })
    const waiting = workers.run({ behaviour: 'echo', value: 'w' }, { timeoutMs: 5000 })
    expect(await failureOf(workers.run({ behaviour: 'echo', value: 'z' }, { timeoutMs: 5000 }))).toBe(
      'queue_full',
    )
    expect(await failureOf(running)).toBe('timeout')
    expect(await waiting).toBe('echo:w')
  })

  test('closing fails running and queued jobs instead of leaving them pending', async () => {
    const workers = makePool(1)
    const running = workers.run({ behaviour: 'hang', value: '' }, { timeoutMs: 60_000 })
    const queued = workers.run({ behaviour: 'echo', value: 'q' }, { timeoutMs: 60_000 })
    workers.close()
    expect(await failureOf(running)).toBe('closed')
    expect(await failureOf(queued)).toBe('closed')
    expect(await failureOf(workers.run({ behaviour: 'echo', value: 'late' }, { timeoutMs: 1000 }))).toBe(
      'closed',
    )
  })
})
