/**
 * `bun bench/body-limits.ts`: issue 26 point 15's memory figure. Waves of BENCH_CONCURRENCY (20)
 * requests at once, each a chunked body of BENCH_BODY_MIB (30) MiB sent over a raw socket, against an
 * app listening on 127.0.0.1 (the test harness's, in this process: RSS is the server's plus this
 * client's few reused buffers). Each client sends as fast as the socket takes and reads while it
 * sends; `polite` clients stop at the answer (as fetch, curl and browsers do), `hostile` ones send the
 * whole body anyway. Prints, per wave: RSS before, the peak while it ran (sampled every 20 ms), after,
 * and the answers with how many MiB had been sent when each came. BENCH_ONLY=text runs only the waves
 * whose name contains it. Not a timed assertion.
 * docs/decisions/142-body-limits-allowed-hosts-embedding-timeout.md and its follow-up (issue 26 point
 * 15, the remainder); the runs are in body-limits.md.
 */
import { connect } from 'node:net'
import { startApp } from '../src/test/harness'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20)
const BODY_BYTES = Number(process.env.BENCH_BODY_MIB ?? 30) * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x41)
const MiB = 1024 * 1024
/** Only the waves whose name ("polite signed-in upload…", "hostile anonymous JSON…") contains this. */
const ONLY = process.env.BENCH_ONLY

const t = await startApp({}, { listen: true })
const user = await t.createUser()
const { port } = new URL(t.url!)

interface Answer {
  status: string
  sentAtAnswer: number
}

/** One chunked request over a raw socket; resolves with the status line and what had been sent by then. */
function send(path: string, headers: string, prefix: string, hostile: boolean, suffix = ''): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1')
    let sent = 0
    let answer: Answer | null = null
    let finished = false
    let allSent = false
    const finish = (fallback: string) => {
      if (finished) return
      finished = true
      socket.destroy()
      resolve(answer ?? { status: fallback, sentAtAnswer: sent })
    }
    socket.on('data', (data) => {
      answer ??= { status: data.toString('latin1').split('\r\n')[0]!, sentAtAnswer: sent }
      // A hostile client reads only once it has sent everything.
      if (!hostile || allSent) finish('')
    })
    socket.on('error', () => finish('connection reset'))
    socket.on('close', () => finish('connection closed'))
    // 'PUT /api/profile/avatar', or a path alone for a POST.
    const [method, target] = path.includes(' ') ? path.split(' ') : ['POST', path]
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}transfer-encoding: chunked\r\n\r\n` +
        `${Buffer.byteLength(prefix).toString(16)}\r\n${prefix}\r\n`,
    )
    const pump = async () => {
      while (!finished && sent < BODY_BYTES) {
        socket.write(`${CHUNK.byteLength.toString(16)}\r\n`)
        socket.write(CHUNK)
        sent += CHUNK.byteLength
        if (!socket.write('\r\n')) await new Promise((done) => socket.once('drain', done))
      }
      if (finished) return
      if (suffix) socket.write(`${Buffer.byteLength(suffix).toString(16)}\r\n${suffix}\r\n`)
      socket.write('0\r\n\r\n')
      allSent = true
      if (answer) return finish('')
      // The answer, if it has not come yet; then give up (after the server's own 30 s wait for its
      // turn to store a large body, src/http/byte-gate.ts).
      setTimeout(() => finish('no answer'), 40_000)
    }
    void pump()
  })
}

const rss = () => process.memoryUsage().rss / MiB
const json = 'content-type: application/json\r\n'
const multipart = 'content-type: multipart/form-data; boundary=bench\r\n'
const auth = `authorization: ${user.headers.authorization}\r\n`
const filePart =
  '--bench\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n' +
  'Content-Type: application/octet-stream\r\n\r\n'
const inlineFile = '{"sessionId":"x","message":"","attachments":[{"name":"a.txt","content":"'
// A whole body the route stores: a chat of the user's, and a file of 22.5 MiB as base64 (zeros).
const chatId = (await t.as(user).api.chats.post({ title: 'bench' })).data!.data.id
const storedFile = `{"sessionId":"${chatId}","message":"Keep this","attachments":[{"name":"zeros.bin","content":"data:application/octet-stream;base64,`
const fieldPart = '--bench\r\nContent-Disposition: form-data; name="email"\r\n\r\n'

// The team API's chat completions carry images inline too, read after the key is checked.
const apiKey = (await t.as(user).api.keys.post({ name: 'bench', scopes: ['chat'] })).data!.data.key
const inlineImage =
  '{"model":"none","messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,'

const waves: [string, string, string, string, string?][] = [
  ['anonymous JSON to POST /api/auth/login', '/api/auth/login', json, '{"email":"'],
  ['anonymous multipart to POST /api/auth/login', '/api/auth/login', multipart, fieldPart],
  ['anonymous JSON to POST /api/chat', '/api/chat', json, '{"message":"'],
  ['signed-in JSON to POST /api/chat', '/api/chat', auth + json, '{"message":"'],
  // Under /api/chat's inline limit (≈ 34 MB) and in the one place allowed past the JSON limit: the
  // file's text goes to a temporary file as it arrives (decision 189); this body is never closed (400).
  ['signed-in inline file to POST /api/chat', '/api/chat', auth + json, inlineFile],
  // The same, finished and stored: read back from the temporary file, two bodies at a time.
  ['signed-in inline file stored by POST /api/chat', '/api/chat', auth + json, storedFile, '"}]}'],
  [
    'team API inline image to POST /v1/chat/completions',
    '/v1/chat/completions',
    `authorization: Bearer ${apiKey}\r\n${json}`,
    inlineImage,
    '"}}]}]}',
  ],
  ['anonymous upload to POST /api/uploads', '/api/uploads', multipart, filePart],
  ['signed-in upload to POST /api/uploads (25 MiB limit)', '/api/uploads', auth + multipart, filePart],
  // A form read whole up to its limit (src/files/read-upload.ts), as the logo and dictation are.
  [
    'signed-in avatar to PUT /api/profile/avatar (5 MiB limit)',
    'PUT /api/profile/avatar',
    auth + multipart,
    filePart,
  ],
]

console.log(
  `${CONCURRENCY} requests at once, ${BODY_BYTES / MiB} MiB chunked bodies each; RSS in MiB (server and client, one process)`,
)
for (const hostile of [false, true]) {
  for (const [name, path, headers, prefix, suffix] of waves) {
    if (ONLY && !`${hostile ? 'hostile' : 'polite'} ${name}`.includes(ONLY)) continue
    Bun.gc(true)
    await Bun.sleep(200)
    const before = rss()
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss())
    }, 20)
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: CONCURRENCY }, () => send(path, headers, prefix, hostile, suffix)),
    )
    const ms = Math.round(performance.now() - started)
    clearInterval(sampler)
    Bun.gc(true)
    const after = rss()
    const statuses = [...new Set(answers.map((answer) => answer.status.replace('HTTP/1.1 ', '')))].join(', ')
    const sentAt = answers.map((answer) => answer.sentAtAnswer / MiB)
    console.log(
      `${hostile ? 'hostile' : 'polite '} ${name}: rss ${before.toFixed(0)} → peak ${peak.toFixed(0)} (+${(peak - before).toFixed(0)}) → ${after.toFixed(0)}; ` +
        `${statuses}; answered after ${Math.min(...sentAt).toFixed(1)}–${Math.max(...sentAt).toFixed(1)} MiB sent; ${ms} ms`,
    )
  }
}
const health = await fetch(`${t.url}/api/health`)
console.log(`GET /api/health afterwards: ${health.status}`)
await t.close()
process.exit(0)
