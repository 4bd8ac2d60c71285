/** Polls until `check` returns a truthy value (returned), or fails after `timeoutMs` naming `what` (a text, or what to say then). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5000,
  what: string | (() => string) = 'condition',
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (performance.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`,
      )
    await Bun.sleep(10)
  }
}
