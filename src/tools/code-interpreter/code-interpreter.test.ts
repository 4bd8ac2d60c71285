import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { startApp, type TestApp } from '../../test/harness'
import type { ChatTool, ToolRunContext } from '../types'
import { codeInterpreterTool, pythonSandbox } from '.'
import { PythonSandbox, type SandboxLimits } from './sandbox'

// Each call starts a child process and Pyodide (a second or two on an idle machine, much more on
// a loaded CI runner); the first one also makes the start-up snapshot.
const SLOW = 120_000

let t: TestApp
let tool: ChatTool
let runContext: (signal?: AbortSignal) => ToolRunContext

beforeAll(async () => {
  t = await startApp()
  const user = await t.createUser()
  const found = codeInterpreterTool(t.ctx)
  if (!found) throw new Error('the pyodide package is missing')
  tool = found
  runContext = (signal = new AbortController().signal) => ({
    ctx: t.ctx,
    actor: {
      userId: user.id,
      realUserId: user.id,
      sessionId: user.sessionId,
      role: 'user',
      impersonation: null,
    },
    chatId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    attachmentIds: [],
    cite: () => 1,
    signal,
  })
  await pythonSandbox(t.ctx)?.warm()
}, SLOW)

afterAll(async () => {
  await t?.close()
})

const runPython = (code: string, signal?: AbortSignal) => tool.run('run_python', { code }, runContext(signal))

/** A sandbox with other limits, sharing the app's Pyodide and its snapshot. */
function sandboxWith(limits: Partial<SandboxLimits>, networkNamespace = true) {
  const shared = pythonSandbox(t.ctx)
  if (!shared) throw new Error('the pyodide package is missing')
  return new PythonSandbox({
    pyodideDir: shared.options.pyodideDir,
    cacheDir: join(t.ctx.config.dataDir, 'cache'),
    limits,
    log: t.ctx.log,
    networkNamespace,
  })
}

describe('run_python', () => {
  test('offers one function that says it runs Python without network', () => {
    expect(tool.id).toBe('code-interpreter')
    expect(tool.functions.map((fn) => fn.name)).toEqual(['run_python'])
    expect(tool.functions[0]?.description).toContain('Python')
    expect(tool.functions[0]?.description).toContain('no network')
  })

  test(
    "gives what the code prints, then the last expression's value",
    async () => {
      const output = await runPython(
        "print('hello')\nfor i in range(3):\n    print(i * i)\nsum(range(10)) * 6 + 12",
      )
      expect(output).toEqual({ text: 'hello\n0\n1\n4\n282' })
    },
    SLOW,
  )

  test(
    'an exception fails the call with the traceback, its last line naming the error',
    async () => {
      const output = await runPython('def ratio(a, b):\n    return a / b\n\nratio(1, 0)')
      expect(output.isError).toBe(true)
      expect(output.text).toContain('line 2, in ratio')
      expect(output.text.split('\n').at(-1)).toBe('ZeroDivisionError: division by zero')
      // The sandbox's own frames are not shown.
      expect(output.text).not.toContain('__parley_run')
    },
    SLOW,
  )

  test(
    'a syntax error is reported as one',
    async () => {
      const output = await runPython('print("open"')
      expect(output.isError).toBe(true)
      expect(output.text).toContain('SyntaxError')
    },
    SLOW,
  )

  test(
    'a huge print is cut at the output limit, saying so',
    async () => {
      const output = await runPython("print('x' * 5_000_000)\nprint('never shown')")
      expect(output.text.length).toBeLessThan(100 * 1024 + 200)
      expect(output.text).toStartWith('x'.repeat(1000))
      expect(output.text).toMatch(/\[output truncated: \d+ bytes past the 100 KB limit were dropped\]$/)
    },
    SLOW,
  )

  test(
    'a memory bomb ends in MemoryError at the memory limit',
    async () => {
      const output = await runPython(
        'blocks = []\nwhile True:\n    blocks.append(bytearray(16 * 1024 * 1024))',
      )
      expect(output.isError).toBe(true)
      expect(output.text.split('\n').at(-1)).toBe('MemoryError')
    },
    SLOW,
  )

  test(
    'the host file system is out of reach; the scratch folder works and is gone after the call',
    async () => {
      const first = await runPython(
        [
          'import os',
          'try:',
          "    open('/etc/passwd').read()",
          'except OSError as error:',
          '    print(type(error).__name__, error)',
          "open('/tmp/notes.txt', 'w').write('kept?')",
          "print(open('/tmp/notes.txt').read())",
          "secret = 'left behind'",
          "sorted(os.listdir('/'))",
        ].join('\n'),
      )
      expect(first.text).toBe(
        "FileNotFoundError [Errno 44] No such file or directory: '/etc/passwd'\nkept?\n['dev', 'home', 'lib', 'proc', 'tmp']",
      )
      const next = await runPython("import os\nos.path.exists('/tmp/notes.txt'), 'secret' in globals()")
      expect(next.text).toBe('(False, False)')
    },
    SLOW,
  )

  test(
    'the JavaScript bridge is closed: no js module, no handle left on the heap',
    async () => {
      const output = await runPython(
        [
          'import gc',
          'try:',
          '    import js',
          'except ImportError as error:',
          '    print(error)',
          'def is_js(v):',
          "    return not isinstance(v, type) and any('JsProxy' in c.__name__ for c in type(v).__mro__)",
          'def values(o):',
          '    if isinstance(o, dict):',
          '        return list(o.values())',
          '    try:',
          '        return [] if isinstance(o, type) else list(vars(o).values())',
          '    except TypeError:',
          '        return []',
          'sum(1 for o in gc.get_objects() for v in values(o) if is_js(v))',
        ].join('\n'),
      )
      expect(output.text).toBe("the module 'js' is not available in this sandbox\n0")
    },
    SLOW,
  )
})

describe('no network', () => {
  let hits = 0
  let server: ReturnType<typeof Bun.serve>
  beforeAll(() => {
    server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch() {
        hits += 1
        return new Response('reached')
      },
    })
  })
  afterAll(() => server.stop(true))

  const reachOut = (port: number) =>
    [
      'import socket, urllib.request',
      'try:',
      `    urllib.request.urlopen('http://127.0.0.1:${port}/from-python', timeout=3).read()`,
      'except Exception as error:',
      "    print('http', type(error).__name__)",
      'try:',
      `    s = socket.create_connection(('127.0.0.1', ${port}), timeout=3)`,
      "    s.sendall(b'GET / HTTP/1.0\\r\\n\\r\\n')",
      '    s.recv(100)',
      'except OSError as error:',
      "    print('socket', type(error).__name__)",
    ].join('\n')

  test(
    'an HTTP request and a raw socket to a server on localhost never arrive',
    async () => {
      const output = await runPython(reachOut(server.port as number))
      expect(output.text).toBe('http URLError\nsocket OSError')
      expect(hits).toBe(0)
    },
    SLOW,
  )

  test(
    'they never arrive without the network namespace either (a container without user namespaces)',
    async () => {
      const outcome = await sandboxWith({}, false).run(
        reachOut(server.port as number),
        new AbortController().signal,
      )
      expect(outcome).toMatchObject({ kind: 'done', result: { stdout: 'http URLError\nsocket OSError\n' } })
      expect(hits).toBe(0)
    },
    SLOW,
  )
})

describe('limits', () => {
  test(
    'an infinite loop is killed at the run limit',
    async () => {
      const sandbox = sandboxWith({ runMs: 1500 })
      const outcome = await sandbox.run('while True:\n    pass', new AbortController().signal)
      expect(outcome).toEqual({ kind: 'timeout', phase: 'run' })
    },
    SLOW,
  )

  test(
    'the child is killed when its resident memory passes the cap',
    async () => {
      // The interpreter alone holds more than 64 MB: the watchdog must end the run.
      const sandbox = sandboxWith({ residentBytes: 64 * 1024 * 1024 })
      const outcome = await sandbox.run('while True:\n    pass', new AbortController().signal)
      expect(outcome).toEqual({ kind: 'memory' })
    },
    SLOW,
  )

  test(
    "the run's signal stops it at once and the call rejects with the signal's reason",
    async () => {
      const controller = new AbortController()
      const running = runPython('while True:\n    pass', controller.signal)
      setTimeout(() => controller.abort(new Error('stopped by the person')), 500)
      await expect(running).rejects.toThrow('stopped by the person')
    },
    SLOW,
  )

  test('a call with an unknown function or no code fails without starting Python', async () => {
    expect(await tool.run('run_js', { code: '1' }, runContext())).toMatchObject({ isError: true })
    expect(await tool.run('run_python', { code: 42 }, runContext())).toEqual({
      text: 'The argument "code" must be a non-empty string of Python source.',
      isError: true,
    })
  })
})
