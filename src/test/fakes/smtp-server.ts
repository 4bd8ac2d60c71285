/**
 * A tiny SMTP server on 127.0.0.1 for tests: it speaks enough of RFC 5321 for nodemailer (greeting,
 * EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) and keeps each delivered message. `rejectRecipients`
 * makes it refuse every RCPT with 550, as a server does for an unknown mailbox.
 */
export interface ReceivedMail {
  from: string
  to: string[]
  /** The message as transmitted (headers and body), dot-unstuffed. */
  raw: string
  /** The body with its quoted-printable or base64 transfer encoding undone. */
  text: string
}

interface SessionState {
  buffer: string
  inData: boolean
  dataLines: string[]
  from: string
  to: string[]
}

export function startSmtpTestServer(options: { rejectRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []

  const server = Bun.listen<SessionState>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(socket) {
        socket.data = { buffer: '', inData: false, dataLines: [], from: '', to: [] }
        socket.write('220 localhost ESMTP parley-test\r\n')
      },
      data(socket, chunk) {
        const state = socket.data
        state.buffer += chunk.toString('latin1')
        let end = state.buffer.indexOf('\r\n')
        while (end !== -1) {
          const line = state.buffer.slice(0, end)
          state.buffer = state.buffer.slice(end + 2)
          const reply = handleLine(state, line)
          if (reply) socket.write(`${reply}\r\n`)
          if (reply?.startsWith('221')) {
            socket.end()
            return
          }
          end = state.buffer.indexOf('\r\n')
        }
      },
    },
  })

  function handleLine(state: SessionState, line: string): string | undefined {
    if (state.inData) {
      if (line !== '.') {
        state.dataLines.push(line.startsWith('..') ? line.slice(1) : line)
        return undefined
      }
      state.inData = false
      const raw = state.dataLines.join('\r\n')
      received.push({ from: state.from, to: state.to, raw, text: decodeBody(raw) })
      state.dataLines = []
      state.to = []
      for (const wake of waiters.splice(0)) wake()
      return '250 2.0.0 Ok: queued'
    }
    const verb = line.slice(0, 4).toUpperCase()
    switch (verb) {
      case 'EHLO':
        return '250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8'
      case 'HELO':
        return '250 localhost'
      case 'MAIL':
        state.from = addressIn(line)
        return '250 2.1.0 Ok'
      case 'RCPT':
        if (options.rejectRecipients) return '550 5.1.1 Mailbox unavailable'
        state.to.push(addressIn(line))
        return '250 2.1.5 Ok'
      case 'DATA':
        if (state.to.length === 0) return '554 5.5.1 No valid recipients'
        state.inData = true
        return '354 End data with <CR><LF>.<CR><LF>'
      case 'RSET':
        state.from = ''
        state.to = []
        return '250 2.0.0 Ok'
      case 'NOOP':
        return '250 2.0.0 Ok'
      case 'QUIT':
        return '221 2.0.0 Bye'
      default:
        return '502 5.5.2 Command not recognised'
    }
  }

  return {
    port: server.port,
    url: `smtp://127.0.0.1:${server.port}`,
    received,
    /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 50)
        })
      }
      return received
    },
    stop() {
      server.stop(true)
    },
  }
}

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const encoding = head.match(/^Content-Transfer-Encoding:\s*(\S+)/im)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding !== 'quoted-printable') return body
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function addressIn(line: string): string {
  return line.match(/<([^>]*)>/)?.[1] ?? ''
}
