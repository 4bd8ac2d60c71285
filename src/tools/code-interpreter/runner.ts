/**
 * The sandbox's child process: reads one run's request as JSON on stdin, runs the code in a fresh
 * Pyodide and writes one JSON line (`RunnerResult`) on stdout, then exits. The parent (./sandbox.ts)
 * starts one per call, gives it no secrets in its environment, cuts its network where the system
 * allows and kills it on the time limit or when its memory passes the cap.
 *
 * Inside, the interpreter is closed in before the person's code runs: Pyodide's file system is the
 * in-memory one (no host folder is mounted), the modules that bridge to JavaScript are removed and
 * blocked, and the JavaScript side keeps no fetch, sockets, process, module loader or way to
 * compile new code, so that a bridge found anyway leads nowhere.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PYTHON_DRIVER } from './python-driver'

export interface RunnerRequest {
  code: string
  /** Bytes kept of stdout and of stderr each; the rest is counted, not kept. */
  outputLimit: number
  /** Bytes the WebAssembly memory may grow to; past it Python raises MemoryError. */
  memoryLimit: number
  /** A memory image of a freshly started Pyodide (./snapshot.ts): starts in a fifth of the time. */
  snapshotPath?: string
}

/** The line the runner writes once the interpreter is up and closed in, just before the code runs. */
export const READY_LINE = '{"ready":true}'

export interface RunnerResult {
  stdout: string
  stderr: string
  /** The last expression's repr, when the code ended with one that is not None. */
  result: string | null
  /** The formatted traceback when the code raised. */
  error: string | null
  /** Bytes of output dropped past `outputLimit`. */
  dropped: number
  /** Milliseconds to load Pyodide and to run the code. */
  loadMs: number
  runMs: number
}

/** Collects one output stream's bytes up to a limit. */
function outputSink(limit: number) {
  const chunks: Uint8Array[] = []
  let kept = 0
  let dropped = 0
  return {
    write(buffer: Uint8Array): number {
      const room = limit - kept
      if (room > 0) {
        const part = buffer.length <= room ? buffer : buffer.subarray(0, room)
        chunks.push(part.slice())
        kept += part.length
      }
      dropped += Math.max(0, buffer.length - Math.max(room, 0))
      return buffer.length
    },
    text() {
      const all = new Uint8Array(kept)
      let at = 0
      for (const chunk of chunks) {
        all.set(chunk, at)
        at += chunk.length
      }
      return new TextDecoder().decode(all)
    },
    dropped: () => dropped,
  }
}

/** Caps WebAssembly memory growth: Emscripten then fails the allocation and Python raises MemoryError. */
function capWasmMemory(limit: number) {
  const grow = WebAssembly.Memory.prototype.grow
  WebAssembly.Memory.prototype.grow = function cappedGrow(this: WebAssembly.Memory, delta: number) {
    if (this.buffer.byteLength + delta * 65_536 > limit)
      throw new RangeError('the sandbox memory limit is reached')
    return grow.call(this, delta)
  }
}

const NETWORK_GLOBALS = [
  'fetch',
  'WebSocket',
  'XMLHttpRequest',
  'EventSource',
  'Request',
  'Response',
  'navigator',
]
// `Bun` itself cannot be removed (non-configurable, and so are its members): with no way to compile
// code nor a handle on globalThis, Python cannot name it.
const HOST_GLOBALS = ['process', 'require', 'module', 'exports', 'eval', 'Worker', 'Buffer', 'setImmediate']

function removeGlobals(names: string[]) {
  for (const name of names) {
    if (Object.getOwnPropertyDescriptor(globalThis, name)?.configurable) {
      Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false })
    }
  }
}

/**
 * Emscripten emulates Python's sockets over WebSockets, which under Bun are real connections (the
 * `ws` package): every socket now fails to connect or listen with ENETUNREACH.
 */
function cutSockets(module: {
  SOCKFS: { websocket_sock_ops: Record<string, unknown> }
  FS: { ErrnoError: new (errno: number) => Error }
}) {
  const unreachable = () => {
    throw new module.FS.ErrnoError(ENETUNREACH)
  }
  for (const op of ['createPeer', 'connect', 'listen']) module.SOCKFS.websocket_sock_ops[op] = unreachable
}
/** ENETUNREACH in Emscripten's errno numbering (WASI's). */
const ENETUNREACH = 40

const HOST_API_MEMBERS = [
  'mountNodeFS',
  'mountNativeFS',
  'loadPackage',
  'loadPackagesFromImports',
  'runPython',
  'runPythonAsync',
  'pyimport',
  'registerJsModule',
  'unpackArchive',
  'useNodeSockFS',
  'makeMemorySnapshot',
  '_api',
  '_module',
]

/** Every kind of function's `constructor` compiles code from a string; with them gone no JS can be made. */
function removeCodeCompilers() {
  const kinds = [
    function plain() {},
    async function asyncFn() {},
    function* generator() {},
    async function* asyncGenerator() {},
  ]
  for (const fn of kinds) {
    Object.defineProperty(Object.getPrototypeOf(fn), 'constructor', {
      value: undefined,
      writable: false,
      configurable: false,
    })
  }
}

/** The options both the snapshot and each run load Pyodide with: a snapshot loads only with the same ones. */
async function startPyodide(pyodideDir: string, snapshotPath?: string, makeSnapshot = false) {
  const { loadPyodide } = await import(join(pyodideDir, 'pyodide.mjs'))
  return loadPyodide({
    indexURL: `${pyodideDir}/`,
    jsglobals: {},
    env: { HOME: '/home/pyodide' },
    stdout: () => {},
    stderr: () => {},
    // Pyodide's memory snapshots are marked internal (underscored) but are what its own
    // deployments start from; ./snapshot.ts falls back to a plain start when making one fails.
    ...(snapshotPath ? { _loadSnapshot: readFileSync(snapshotPath) } : {}),
    ...(makeSnapshot ? { _makeSnapshot: true } : {}),
  })
}

/** Starts Pyodide as runs do and writes its memory image to `path` (atomically: a run never reads half of one). */
export async function writeSnapshot(pyodideDir: string, path: string) {
  const pyodide = await startPyodide(pyodideDir, undefined, true)
  const partial = `${path}.${process.pid}.partial`
  writeFileSync(partial, pyodide.makeMemorySnapshot())
  renameSync(partial, path)
}

export async function runRequest(
  request: RunnerRequest,
  pyodideDir: string,
  onReady: () => void = () => {},
): Promise<RunnerResult> {
  capWasmMemory(request.memoryLimit)
  removeGlobals(NETWORK_GLOBALS)
  const started = performance.now()
  const pyodide = await startPyodide(pyodideDir, request.snapshotPath)
  const loadMs = performance.now() - started

  const stdout = outputSink(request.outputLimit)
  const stderr = outputSink(request.outputLimit)
  pyodide.setStdout({ write: stdout.write })
  pyodide.setStderr({ write: stderr.write })
  pyodide.setStdin({ error: true })
  pyodide.runPython(PYTHON_DRIVER)
  const run = pyodide.globals.get('__parley_run')
  const seal = pyodide.globals.get('__parley_seal')
  pyodide.globals.delete('__parley_run')
  pyodide.globals.delete('__parley_seal')

  // Close every way out before the person's code runs (see the file's comment).
  for (const name of ['js', 'pyodide_js']) pyodide.unregisterJsModule(name)
  seal()
  seal.destroy()
  for (const fs of Object.keys(pyodide.FS.filesystems)) {
    if (fs !== 'MEMFS') delete pyodide.FS.filesystems[fs]
  }
  cutSockets(pyodide._module)
  // What remains reachable from Python only through a handle missed above, closed as well: the
  // members that read host files, open host sockets or run code.
  for (const name of ['NODEFS', 'NODERAWFS', 'PROXYFS', 'WORKERFS', 'IDBFS']) delete pyodide._module[name]
  for (const name of HOST_API_MEMBERS) delete pyodide[name]
  removeGlobals(HOST_GLOBALS)
  removeCodeCompilers()

  onReady()
  const ran = performance.now()
  const [result, error] = run(request.code).toJs() as [string | null, string | null]
  return {
    stdout: stdout.text(),
    stderr: stderr.text(),
    result: result ?? null,
    error: error ?? null,
    dropped: stdout.dropped() + stderr.dropped(),
    loadMs: Math.round(loadMs),
    runMs: Math.round(performance.now() - ran),
  }
}

/**
 * The child's entry. With PARLEY_CODE_SNAPSHOT set it writes a snapshot there and exits; otherwise
 * it reads the request on stdin and answers READY_LINE, then the result, each as one JSON line.
 */
export async function runChild(pyodideDir: string) {
  const write = process.stdout.write.bind(process.stdout)
  const exit = process.exit.bind(process)
  const snapshot = process.env.PARLEY_CODE_SNAPSHOT
  if (snapshot) {
    await writeSnapshot(pyodideDir, snapshot)
    exit(0)
  }
  const request = JSON.parse(await Bun.stdin.text()) as RunnerRequest
  const result = await runRequest(request, pyodideDir, () => write(`${READY_LINE}\n`))
  write(`${JSON.stringify(result)}\n`, () => exit(0))
}

if (import.meta.main) {
  const dir = process.env.PARLEY_PYODIDE_DIR
  if (!dir) throw new Error('PARLEY_PYODIDE_DIR is not set')
  await runChild(dir)
}
