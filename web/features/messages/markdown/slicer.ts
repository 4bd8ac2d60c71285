/**
 * Keeps rendering work out of long tasks (issue 4: no task over 50 ms). Work done inside
 * whatever task happens to be running (a React render) asks `tryNow()` first: it may go ahead
 * until `sliceMs` have passed since the first such work in this task. Past that, the work is
 * `defer`red and run later in tasks of its own, `sliceMs` at a time, with a yield in between so
 * input, scrolling and painting get their turn.
 */
export interface Slicer {
  /** Whether the current task may still do a piece of work now (counts it as started if so). */
  tryNow(): boolean
  /** Runs `job` in a later slice; returns a cancel function. */
  defer(job: () => void): () => void
}

export function createSlicer({
  sliceMs,
  now,
  schedule,
}: {
  sliceMs: number
  now: () => number
  /** Runs a callback in a later task (a macrotask, not a microtask, so the browser can paint). */
  schedule: (run: () => void) => void
}): Slicer {
  /** When sliced work started in the current task; null once that task is over. */
  let sliceStart: number | null = null
  const queue = new Set<{ job: () => void }>()
  let running = false

  function startSlice() {
    sliceStart = now()
    // The next task starts a fresh slice.
    schedule(() => {
      sliceStart = null
    })
  }

  function runQueue() {
    running = false
    // The slice stays open to the end of this task, so a render the jobs cause in it counts too.
    startSlice()
    const start = sliceStart ?? now()
    for (const entry of queue) {
      if (now() - start >= sliceMs) break
      queue.delete(entry)
      entry.job()
    }
    if (queue.size) {
      running = true
      schedule(runQueue)
    }
  }

  return {
    tryNow() {
      if (sliceStart === null) startSlice()
      return now() - (sliceStart ?? 0) < sliceMs
    },
    defer(job) {
      const entry = { job }
      queue.add(entry)
      if (!running) {
        running = true
        schedule(runQueue)
      }
      return () => {
        queue.delete(entry)
      }
    },
  }
}

/** Callbacks waiting for `nextTask`, in order; one message on one channel runs them all. */
let waiting: (() => void)[] = []
let channel: MessageChannel | undefined

/** A macrotask without setTimeout's 4 ms clamp: a MessageChannel message (setTimeout outside browsers). */
export function nextTask(run: () => void) {
  if (typeof MessageChannel !== 'function') {
    setTimeout(run, 0)
    return
  }
  if (!channel) {
    channel = new MessageChannel()
    channel.port1.onmessage = () => {
      const due = waiting
      waiting = []
      for (const callback of due) callback()
    }
  }
  waiting.push(run)
  if (waiting.length === 1) channel.port2.postMessage(null)
}
