import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Server as Engine } from '@socket.io/bun-engine'
import { Server } from 'socket.io'
import { io as connect, type Socket } from 'socket.io-client'
import { waitFor } from '../test/wait'
import type { ParleyServer } from './parley-server'
import { emitToRoom } from './room-emit'

/*
 * emitToRoom writes what `io.local.to(room).emit` writes, to the same sockets: a client cannot tell
 * the two apart, whatever the payload holds.
 */
describe('emitToRoom', () => {
  const io = new Server() as unknown as ParleyServer
  const engine = new Engine({ path: '/socket.io/' })
  ;(io as unknown as Server).bind(engine)
  let server: ReturnType<typeof Bun.serve>
  const clients: { socket: Socket; got: [string, unknown][] }[] = []

  beforeAll(async () => {
    const { websocket } = engine.handler()
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req, srv) => engine.handleRequest(req, srv),
      websocket,
    })
    io.on('connection', (socket) => {
      const room = socket.handshake.auth.room as string
      socket.join(room)
    })
    for (const room of ['chat:a', 'chat:a', 'chat:b']) {
      const socket = connect(`http://127.0.0.1:${server.port}`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { room },
      })
      const got: [string, unknown][] = []
      socket.onAny((event: string, payload: unknown) => got.push([event, payload]))
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      clients.push({ socket, got })
    }
    // The joins happen in the connection handler, before the first emit below.
    await waitFor(() => io.sockets.adapter.rooms.get('chat:a')?.size === 2, 2_000, 'the joins')
  })
  afterAll(async () => {
    for (const { socket } of clients) socket.close()
    await io.close()
    server.stop(true)
  })

  test('every socket of the room gets the event as socket.io would send it, no other socket', async () => {
    const payload = {
      chatId: 'a',
      delta: 'quote " backslash \\ newline \n emoji 🙂 NUL-free \u2028 done',
      nested: { list: [1, null, 'x'], missing: undefined },
      seq: 7,
    }
    emitToRoom(io, 'chat:a', 'message:delta', payload)
    ;(io.local.to('chat:a') as unknown as { emit: (e: string, p: unknown) => void }).emit(
      'message:delta',
      payload,
    )
    emitToRoom(io, 'chat:nobody', 'message:delta', payload)
    const [first, second, outside] = clients as [
      (typeof clients)[0],
      (typeof clients)[0],
      (typeof clients)[0],
    ]
    await waitFor(() => first.got.length === 2 && second.got.length === 2, 2_000, 'both deliveries')
    expect(first.got[0]).toEqual(first.got[1]!)
    expect(second.got).toEqual(first.got)
    expect(first.got[0]).toEqual(['message:delta', { ...payload, nested: { list: [1, null, 'x'] } }])
    await Bun.sleep(50)
    expect(outside.got).toEqual([])
  })
})
