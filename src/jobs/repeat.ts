/**
 * Runs `pass` every `everyMs` on this instance: the sweeps and purges that keep sockets and tables
 * tidy. A pass never overlaps the one before (a slow database skips ticks instead of piling passes
 * up), a failed pass goes to `onError` (the next tick tries again), and the timer is unref'd so it
 * never keeps a process (a test, a CLI) alive. `stop` waits for a pass in progress, so the
 * database can close after it.
 */
export function repeatEvery(
  everyMs: number,
  pass: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  let running: Promise<void> | undefined
  const run = () => {
    running ??= pass()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined
      })
    return running
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  return {
    /** Starts a pass now, or joins the one in progress. */
    run,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
