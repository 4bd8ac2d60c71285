import { clientIp } from '../access/client-ip'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import type { Brand } from './model'
import { readBrand } from './service'

/** Comment lines this often keep proxies (and Bun's idle timeout) from closing a quiet stream. */
export const PING_MS = 20_000
/** How long a browser waits before reconnecting a stream that ended (the SSE `retry` field). */
const RETRY_MS = 5_000
/** Open streams per instance, and per client address: a page needs one, a busy NAT a few dozen. */
export const MAX_STREAMS = 10_000
export const MAX_STREAMS_PER_IP = 50

type Server = {
  requestIP(request: Request): { address: string } | null
  timeout?(request: Request, seconds: number): void
} | null

const encoder = new TextEncoder()
const frame = (brand: Brand) => encoder.encode(`event: branding:updated\ndata: ${JSON.stringify(brand)}\n\n`)

/**
 * GET /api/branding/events: the public, signed-out way to hear `branding:updated` (the sign-in
 * page has no session, so no socket). Server-sent events: receive-only, nothing the client sends
 * is read, and the only event it carries is the brand. The stream opens with the brand as it is
 * now, so a browser that reconnects after missing a change catches up. Other instances reach it
 * through `Realtime.toEveryone` (the socket.io Postgres adapter's fan-out).
 */
export function brandingEventStream(ctx: AppContext, request: Request, server: Server): Response {
  const counts = ctx.brandingStreams
  const ip = clientIp(request, server, ctx.config.trustProxy)
  const fromIp = counts.byIp.get(ip) ?? 0
  if (fromIp >= MAX_STREAMS_PER_IP) {
    throw new AppError('rate_limited:branding_events', 'Too many open branding streams from this address', {
      headers: { 'retry-after': '30' },
    })
  }
  if (counts.total >= MAX_STREAMS) {
    throw new AppError('unavailable:branding_events', 'Too many open branding streams; try again later', {
      headers: { 'retry-after': '30' },
    })
  }
  counts.total += 1
  counts.byIp.set(ip, fromIp + 1)
  // A stream is quiet between pings; Bun's idle timeout (10 s by default) would cut it.
  server?.timeout?.(request, 0)

  let finish = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let done = false
      let heard = false
      const send = (bytes: Uint8Array) => {
        if (done) return
        try {
          controller.enqueue(bytes)
        } catch {
          finish()
        }
      }
      const stopListening = ctx.realtime.listenPublic((_event, brand) => {
        heard = true
        send(frame(brand))
      })
      const ping = setInterval(() => send(encoder.encode(': ping\n\n')), PING_MS)
      finish = () => {
        if (done) return
        done = true
        stopListening()
        clearInterval(ping)
        const left = (counts.byIp.get(ip) ?? 1) - 1
        if (left > 0) counts.byIp.set(ip, left)
        else counts.byIp.delete(ip)
        counts.total -= 1
        try {
          controller.close()
        } catch {
          // Already closed by the client going away.
        }
      }
      request.signal.addEventListener('abort', () => finish(), { once: true })
      send(encoder.encode(`retry: ${RETRY_MS}\n\n`))
      // Listening first, then reading: a change saved meanwhile arrives as an event, and then
      // this (possibly older) read is not sent after it.
      readBrand(ctx).then(
        (brand) => {
          if (!heard) send(frame(brand))
        },
        (error) => {
          ctx.log.warn('could not read the brand for a branding stream', { error })
          finish()
        },
      )
    },
    cancel() {
      finish()
    },
  })
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx buffers responses by default; a buffered stream would deliver nothing.
      'x-accel-buffering': 'no',
    },
  })
}
