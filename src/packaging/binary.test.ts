import { afterAll, beforeAll, expect, test } from 'bun:test'
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildPdf } from '../test/docs'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { waitFor } from '../test/wait'

const root = join(import.meta.dir, '..', '..')
let folder: string
let proc: Bun.Subprocess<'ignore', 'pipe', 'inherit'> | undefined
let fake: FakeOpenAi | undefined
let port = 0

beforeAll(async () => {
  const build = Bun.spawnSync(['bun', 'run', 'build:binary'], { cwd: root, stdout: 'ignore', stderr: 'pipe' })
  if (build.exitCode !== 0) throw new Error(`build:binary failed: ${build.stderr.toString()}`)
  folder = await mkdtemp(join(tmpdir(), 'parley-binary-'))
  await copyFile(join(root, 'dist', 'parley'), join(folder, 'parley'))
}, 180_000)

afterAll(async () => {
  proc?.kill()
  await proc?.exited
  await fake?.close()
  await rm(folder, { recursive: true, force: true })
})

/** Reads the server's JSON log lines until the start line gives the port it listens on. */
async function waitForStart(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder()
  let buffered = ''
  const reader = stdout.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffered += decoder.decode(value)
    const match = buffered.match(/"msg":"parley started","url":"http:\/\/[^:]+:(\d+)"/)
    if (match) {
      // Read the rest too: a full pipe would stop the server at its next log line.
      void (async () => {
        while (!(await reader.read()).done) {}
      })()
      return Number(match[1])
    }
  }
  throw new Error(`the binary exited before it started:\n${buffered}`)
}

test('the compiled binary, alone in an empty folder, starts on the embedded database and answers /api/health', async () => {
  fake = startFakeOpenAi({ models: ['fake-model'] })
  proc = Bun.spawn([join(folder, 'parley')], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODELS: 'fake-model',
    },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  port = await waitForStart(proc.stdout)
  const res = await fetch(`http://127.0.0.1:${port}/api/health`)
  expect(await res.json()).toMatchObject({ ok: true, db: 'pglite', vector: true })
  // The web client is embedded: index.html for any client route, and the hashed assets it names.
  const page = await fetch(`http://127.0.0.1:${port}/some/client/route`)
  expect(page.headers.get('content-type')).toContain('text/html')
  const html = await page.text()
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1]
  expect(script).toBeDefined()
  const asset = await fetch(`http://127.0.0.1:${port}${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('cache-control')).toContain('immutable')
  // Document extraction runs in a worker, which must be found inside the binary too.
  const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'binary@example.com', password: 'secret123', fullName: 'Binary User' }),
  })
  const { token } = (await signup.json()).data
  const form = new FormData()
  form.append(
    'file',
    new File([new Uint8Array(buildPdf({ pages: [['Text read inside the binary']] }))], 'inside.pdf'),
  )
  const upload = await fetch(`http://127.0.0.1:${port}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  expect(upload.status).toBe(201)
  const uploaded = (await upload.json()).data
  expect(uploaded).toMatchObject({ kind: 'pdf', filename: 'inside.pdf' })
  // A worker that cannot start would leave the spec's fallback and this warning.
  expect(uploaded.warning).toBeUndefined()
  // Zero configuration: the database and the generated secret live in ./data beside it.
  expect((await readdir(join(folder, 'data'))).sort()).toEqual(expect.arrayContaining(['app-secret', 'pg']))
}, 120_000)

test('the binary runs the code interpreter: Pyodide is embedded, and its runner is the binary itself', async () => {
  const base = `http://127.0.0.1:${port}`
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'binary@example.com', password: 'secret123' }),
  })
  const { token } = (await login.json()).data
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const chatId = (await (await fetch(`${base}/api/chats`, { method: 'POST', headers, body: '{}' })).json())
    .data.id
  const config = await fetch(`${base}/api/chats/${chatId}/config`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ tools: ['code-interpreter'] }),
  })
  expect(config.status).toBe(200)
  fake!.queueScript({
    reply: '',
    toolCalls: [{ id: 'py', name: 'run_python', arguments: JSON.stringify({ code: 'print(6 * 7)' }) }],
  })
  fake!.queueScript({ reply: 'It is 42.' })
  const sent = await fetch(`${base}/api/chats/${chatId}/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: 'What is 6 × 7? Use Python.' }),
  })
  expect(sent.status).toBe(202)
  type Listed = {
    is_user: boolean
    status: string
    tool_calls?: { status: string; result_preview: string | null }[]
  }
  const answer = await waitFor(
    async () => {
      const listed = (await (await fetch(`${base}/api/chats/${chatId}/messages`, { headers })).json()).data
        .messages as Listed[]
      const last = listed.at(-1)
      return last && !last.is_user && last.status !== 'streaming' ? last : undefined
    },
    90_000,
    'the answer to end',
  )
  expect(answer.status).toBe('complete')
  expect(answer.tool_calls?.[0]).toMatchObject({ status: 'done' })
  expect(answer.tool_calls?.[0]?.result_preview).toContain('42')
  // Written out once under the data folder, beside the interpreter's start-up snapshot.
  expect((await readdir(join(folder, 'data', 'cache'))).some((name) => name.startsWith('pyodide-'))).toBe(
    true,
  )
}, 120_000)
