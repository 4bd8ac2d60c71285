/** How long no event goes to this instance's sockets before the memory of a burst is given back. */
export const QUIET_MS = 10_000
/** Events since the last release that make one worth it (a wave of replies, or a few busy minutes). */
export const BURST_EVENTS = 5_000
/** How often the quiet is looked for. */
export const QUIET_CHECK_MS = 1_000

/**
 * Gives back the memory a burst of realtime traffic took (hundreds of streamed replies, on the
 * instance streaming them and on those relaying them to their sockets), once it is over: a full
 * collection, then JavaScriptCore's footprint shrink (free heap blocks and memory held around the
 * heap go back to the system; compiled code is dropped and compiled again when next used). A full
 * collection alone left the JS heap's capacity at the burst's size: after 500 replies an instance
 * stayed 14–16% above its idle memory (docs/decisions/131-scale-cpu.md). Only after a burst
 * (BURST_EVENTS) followed by QUIET_MS without an event: a steady trickle never pays for recompiling.
 */
export class QuietMemory {
  /** Events sent since the last release. */
  private events = 0
  private seen = 0
  private quietSince: number

  constructor(
    private readonly release: () => void = releaseMemory,
    private readonly quietMs = QUIET_MS,
    private readonly burstEvents = BURST_EVENTS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.quietSince = now()
  }

  /** An event went to this instance's sockets (a counter: nothing else on the hot path). */
  sent(): void {
    this.events += 1
  }

  /** Called every QUIET_CHECK_MS: releases once the burst has been over for QUIET_MS. */
  check(): void {
    if (this.events !== this.seen) {
      this.seen = this.events
      this.quietSince = this.now()
      return
    }
    if (this.events < this.burstEvents || this.now() - this.quietSince < this.quietMs) return
    this.events = 0
    this.seen = 0
    this.release()
  }
}

function releaseMemory(): void {
  Bun.gc(true)
  ;(Bun as unknown as { shrink?: () => void }).shrink?.()
}
