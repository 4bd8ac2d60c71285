/**
 * A small pool of Bun Workers running one job each at a time, with a hard time limit per job. A
 * worker that overruns is terminated; one that throws or exits is discarded; either way a fresh
 * worker takes its slot and the caller's promise rejects with a WorkerPoolError. A caller never
 * waits forever: every dispatched job either answers, fails, or times out.
 */

export type WorkerFailure = 'timeout' | 'crashed' | 'queue_full' | 'closed'

export class WorkerPoolError extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(`extraction worker ${failure}`)
    this.name = 'WorkerPoolError'
  }
}

export interface WorkerPoolOptions {
  /** The worker module; it answers `{ id, request }` with `{ id, response }`. */
  url: URL | string
  size: number
  /** Jobs waiting for a free worker beyond this are refused at once. */
  queueLimit?: number
}

export interface WorkerPool<Request, Response> {
  /** `transfer` hands buffers to the worker instead of copying them (they become unusable here). */
  run(request: Request, options: { timeoutMs: number; transfer?: Transferable[] }): Promise<Response>
  /** Workers started since the pool was made, replacements included. */
  readonly started: number
  close(): void
}

interface Job<Request, Response> {
  id: number
  request: Request
  timeoutMs: number
  transfer: Transferable[]
  resolve(response: Response): void
  reject(error: WorkerPoolError): void
}

interface Slot<Request, Response> {
  worker: Worker | null
  job: Job<Request, Response> | null
  timer: ReturnType<typeof setTimeout> | null
}

export function createWorkerPool<Request, Response>(
  options: WorkerPoolOptions,
): WorkerPool<Request, Response> {
  const queueLimit = options.queueLimit ?? 64
  const slots: Slot<Request, Response>[] = Array.from({ length: options.size }, () => ({
    worker: null,
    job: null,
    timer: null,
  }))
  const queue: Job<Request, Response>[] = []
  let nextId = 1
  let started = 0
  let closed = false

  /** Ends the slot's current job and returns the slot to the pool. */
  function settle(slot: Slot<Request, Response>): Job<Request, Response> | null {
    const job = slot.job
    if (slot.timer) clearTimeout(slot.timer)
    slot.job = null
    slot.timer = null
    return job
  }

  /** Drops the slot's worker (terminating it) and fails its job; a new worker starts on the next job. */
  function discard(slot: Slot<Request, Response>, failure: WorkerFailure) {
    const worker = slot.worker
    slot.worker = null
    worker?.terminate()
    settle(slot)?.reject(new WorkerPoolError(failure))
    dispatch()
  }

  function startWorker(slot: Slot<Request, Response>): Worker {
    const worker = new Worker(options.url, { ref: false })
    started += 1
    worker.onmessage = (event: MessageEvent<{ id: number; response: Response }>) => {
      if (slot.worker !== worker || slot.job?.id !== event.data.id) return
      settle(slot)?.resolve(event.data.response)
      dispatch()
    }
    const onCrash = () => {
      if (slot.worker === worker) discard(slot, 'crashed')
    }
    worker.onerror = (event) => {
      event.preventDefault()
      onCrash()
    }
    worker.onmessageerror = onCrash
    worker.addEventListener('close', onCrash)
    return worker
  }

  function dispatch() {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue
      const job = queue.shift()!
      const worker = slot.worker ?? startWorker(slot)
      slot.worker = worker
      slot.job = job
      slot.timer = setTimeout(() => discard(slot, 'timeout'), job.timeoutMs)
      worker.postMessage({ id: job.id, request: job.request }, job.transfer)
    }
  }

  return {
    run(request, { timeoutMs, transfer = [] }) {
      return new Promise<Response>((resolve, reject) => {
        if (closed) return reject(new WorkerPoolError('closed'))
        if (queue.length >= queueLimit) return reject(new WorkerPoolError('queue_full'))
        queue.push({ id: nextId++, request, timeoutMs, transfer, resolve, reject })
        dispatch()
      })
    },
    get started() {
      return started
    },
    close() {
      closed = true
      for (const job of queue.splice(0)) job.reject(new WorkerPoolError('closed'))
      for (const slot of slots) {
        const worker = slot.worker
        slot.worker = null
        worker?.terminate()
        settle(slot)?.reject(new WorkerPoolError('closed'))
      }
    },
  }
}
