import type { AppContext } from '../context'
import type { ResearchJson } from './model'

/**
 * `research:progress` to the owner's sockets (every tab), at most one every `intervalMs` per run:
 * `soon` keeps only the latest state and sends it when the interval allows (sources found and read
 * arrive in bursts); `now` sends at once (a step change, the end).
 */
export interface Progress {
  soon(json: ResearchJson): void
  now(json: ResearchJson): void
  close(): void
}

export function createProgress(
  ctx: Pick<AppContext, 'realtime'>,
  userId: string,
  intervalMs: number,
): Progress {
  let last = 0
  let pending: ResearchJson | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const send = (json: ResearchJson) => {
    last = performance.now()
    pending = undefined
    ctx.realtime.toUser(userId, 'research:progress', json)
  }
  return {
    soon(json) {
      pending = json
      if (timer) return
      const wait = last + intervalMs - performance.now()
      if (wait <= 0) return send(json)
      timer = setTimeout(() => {
        timer = undefined
        if (pending) send(pending)
      }, wait)
    },
    now(json) {
      if (timer) clearTimeout(timer)
      timer = undefined
      send(json)
    },
    close() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}
