import { expect, test } from 'bun:test'
import { createSlicer } from './slicer'

/** A fake clock and task queue: each test drives time and tasks by hand. */
function harness(sliceMs = 10) {
  let time = 0
  const tasks: (() => void)[] = []
  const slicer = createSlicer({ sliceMs, now: () => time, schedule: (run) => tasks.push(run) })
  return {
    slicer,
    advance: (ms: number) => {
      time += ms
    },
    /** Runs the tasks queued so far (not the ones they queue). */
    runTasks: () => {
      for (const task of tasks.splice(0)) task()
    },
    pending: () => tasks.length,
  }
}

test('work may start at once until the slice is used up within one task', () => {
  const { slicer, advance, runTasks } = harness()
  expect(slicer.tryNow()).toBe(true)
  advance(6)
  expect(slicer.tryNow()).toBe(true)
  advance(5)
  expect(slicer.tryNow()).toBe(false)
  // The next task has a fresh slice.
  runTasks()
  expect(slicer.tryNow()).toBe(true)
})

test('deferred jobs run in later tasks, at most a slice of them per task, in order', () => {
  const { slicer, advance, runTasks, pending } = harness()
  const ran: number[] = []
  for (let i = 0; i < 5; i++)
    slicer.defer(() => {
      ran.push(i)
      advance(4) // each job takes 4 ms
    })
  expect(ran).toEqual([]) // nothing in the current task
  runTasks()
  expect(ran).toEqual([0, 1, 2]) // 0, 4, 8 ms: the third starts within the 10 ms slice
  runTasks()
  expect(ran).toEqual([0, 1, 2, 3, 4])
  runTasks()
  expect(pending()).toBe(0)
})

test('a task that ran deferred jobs counts them against work done later in it', () => {
  const { slicer, advance, runTasks } = harness()
  slicer.defer(() => advance(12))
  runTasks()
  // Still inside the task that spent 12 ms on the job (e.g. a render its result caused).
  expect(slicer.tryNow()).toBe(false)
})

test('a cancelled job never runs', () => {
  const { slicer, runTasks } = harness()
  let ran = false
  const cancel = slicer.defer(() => {
    ran = true
  })
  cancel()
  runTasks()
  expect(ran).toBe(false)
})
