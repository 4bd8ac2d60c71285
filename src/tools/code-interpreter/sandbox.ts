import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Logger } from '../../log/logger'
import { extractEmbeddedPyodide, hasEmbeddedPyodide } from './embedded'
import { READY_LINE, type RunnerRequest, type RunnerResult } from './runner'

/**
 * Runs Python in a fresh child process per call (./runner.ts): nothing a person's code leaves
 * behind (globals, files in Pyodide's in-memory file system, a patched module) can reach the next
 * person's. The child gets no secrets in its environment, an empty scratch folder as its working
 * directory, no network where the system can take it away (a network namespace), and is killed
 * (SIGKILL) at the time limit, on the signal, or when its resident memory passes the cap.
 */

export interface SandboxLimits {
  /** Wall time the code may run once the interpreter is up. */
  runMs: number
  /** Wall time the interpreter may take to start (a busy machine; a first snapshot). */
  startMs: number
  /** WebAssembly memory Python may grow to: past it allocations fail with MemoryError. */
  wasmMemoryBytes: number
  /** Resident memory of the whole child past which it is killed (the interpreter plus Bun). */
  residentBytes: number
  /** Bytes kept of stdout and of stderr each. */
  outputBytes: number
  /** Children running at once; more calls wait their turn (each holds ~200 MB and a core). */
  concurrency: number
}

export const DEFAULT_LIMITS: SandboxLimits = {
  runMs: 10_000,
  startMs: 25_000,
  wasmMemoryBytes: 256 * 1024 * 1024,
  residentBytes: 768 * 1024 * 1024,
  outputBytes: 100 * 1024,
  concurrency: 2,
}

export type SandboxOutcome =
  | { kind: 'done'; result: RunnerResult }
  | { kind: 'timeout'; phase: 'start' | 'run' }
  | { kind: 'memory' }
  | { kind: 'crashed'; detail: string }

export interface SandboxOptions {
  /** Pyodide's folder; a promise while the binary's embedded copy is being written out. */
  pyodideDir: string | Promise<string>
  /** Where the interpreter's start-up snapshot is kept between runs (and restarts). */
  cacheDir: string
  limits?: Partial<SandboxLimits>
  log: Logger
  /** False leaves out the network namespace (tests of the runner's own closing-in). */
  networkNamespace?: boolean
}

/**
 * The folder of the `pyodide` package; in the compiled binary, its embedded copy as it is written
 * out under `cacheDir` (./embedded.ts), started here and awaited by the first run. Null when
 * neither is there (the tool is then not offered).
 */
export function findPyodideDir(cacheDir: string): string | Promise<string> | null {
  try {
    const dir = dirname(Bun.resolveSync('pyodide/pyodide.mjs', import.meta.dir))
    if (existsSync(join(dir, 'pyodide.asm.wasm')) && existsSync(join(dir, 'python_stdlib.zip'))) return dir
  } catch {
    // Not installed beside the source: the binary's embedded copy, if any.
  }
  if (!hasEmbeddedPyodide()) return null
  const copied = extractEmbeddedPyodide(cacheDir)
  // Handled where it is awaited (PythonSandbox.run); until then a failure must not count as unhandled.
  copied.catch(() => {})
  return copied
}

/** How to start the runner: the script beside this file, or the compiled binary itself (see the report). */
function runnerCommand(): string[] {
  const script = join(import.meta.dir, 'runner.ts')
  return existsSync(script) ? [process.execPath, script] : [process.execPath]
}

let isolation: string[] | undefined
/**
 * `unshare -rn` gives the child its own user and network namespaces: no interface but a downed
 * loopback, so nothing it does reaches the host's network or localhost. Probed once; where the
 * system refuses (a container without user namespaces) the child runs without it, and only the
 * runner's own closing-in keeps Python off the network.
 */
export function networkIsolation(log?: Logger): string[] {
  if (isolation) return isolation
  const unshare = Bun.which('unshare')
  const works = unshare !== null && succeeds([unshare, '-rn', 'true'])
  isolation = unshare && works ? [unshare, '-rn'] : []
  if (!works)
    log?.warn(
      'code interpreter: no network namespace (unshare -rn failed); runs are closed in by the runner only',
    )
  return isolation
}

/**
 * A CPU-time limit the kernel enforces (RLIMIT_CPU through `prlimit`): a child whose parent died
 * before killing it still ends. Empty where `prlimit` is missing; the parent's kill remains.
 */
function cpuLimit(seconds: number): string[] {
  const prlimit = Bun.which('prlimit')
  return prlimit && succeeds([prlimit, `--cpu=${seconds}`, 'true']) ? [prlimit, `--cpu=${seconds}`, '--'] : []
}

function succeeds(command: string[]): boolean {
  try {
    return Bun.spawnSync(command, { stdout: 'ignore', stderr: 'ignore' }).exitCode === 0
  } catch {
    return false
  }
}

/** Reads the child's resident memory from /proc (Linux); null elsewhere. */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]
    return kb ? Number(kb) * 1024 : null
  } catch {
    return null
  }
}

export class PythonSandbox {
  readonly limits: SandboxLimits
  private snapshot: Promise<string | null> | undefined
  private running = 0
  private readonly cpuLimit: string[]
  private readonly waiting: (() => void)[] = []
  private missingLogged = false

  constructor(readonly options: SandboxOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    // Start and run together, with room for the snapshot (made once, slower than a start).
    this.cpuLimit = cpuLimit(Math.ceil((this.limits.startMs + this.limits.runMs) / 1000) + 30)
  }

  /** Runs `code`; rejects only with the signal's reason when the signal aborts it. */
  async run(code: string, signal: AbortSignal): Promise<SandboxOutcome> {
    const missing = await this.pyodideMissing()
    if (missing) return missing
    await this.takeTurn(signal)
    try {
      const snapshotPath = await this.ensureSnapshot()
      signal.throwIfAborted()
      const request: RunnerRequest = {
        code,
        outputLimit: this.limits.outputBytes,
        memoryLimit: this.limits.wasmMemoryBytes,
        ...(snapshotPath ? { snapshotPath } : {}),
      }
      return await this.runChild(request, signal)
    } finally {
      this.running--
      this.waiting.shift()?.()
    }
  }

  /**
   * A crash outcome when Pyodide's folder could not be had (the binary's copy failed to be written):
   * the call says the sandbox stopped, the log says why, and the server goes on. Logged once.
   */
  private async pyodideMissing(): Promise<SandboxOutcome | null> {
    try {
      await this.options.pyodideDir
      return null
    } catch (error) {
      if (!this.missingLogged)
        this.options.log.error('code interpreter: Pyodide could not be written to the cache folder', {
          cacheDir: this.options.cacheDir,
          error: String(error),
        })
      this.missingLogged = true
      return { kind: 'crashed', detail: `Pyodide is missing: ${error}` }
    }
  }

  /** Makes the start-up snapshot now rather than in the first call (optional, e.g. at boot). */
  warm(): Promise<string | null> {
    return this.ensureSnapshot()
  }

  private takeTurn(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted()
    if (this.running < this.limits.concurrency) {
      this.running++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', leave)
        this.running++
        resolve()
      }
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(turn), 1)
        reject(signal.reason)
      }
      this.waiting.push(turn)
      signal.addEventListener('abort', leave, { once: true })
    })
  }

  private ensureSnapshot(): Promise<string | null> {
    this.snapshot ??= this.makeSnapshot()
    return this.snapshot
  }

  private async makeSnapshot(): Promise<string | null> {
    if (await this.pyodideMissing()) return null
    const { version } = JSON.parse(
      await readFile(join(await this.options.pyodideDir, 'package.json'), 'utf8'),
    )
    const path = join(this.options.cacheDir, `pyodide-${version}.snapshot`)
    if (existsSync(path)) return path
    const started = performance.now()
    try {
      await mkdir(this.options.cacheDir, { recursive: true })
      const end = await this.spawn({ PARLEY_CODE_SNAPSHOT: path }, null, AbortSignal.timeout(120_000))
      if (end.kind === 'exited' && end.exitCode === 0 && existsSync(path)) {
        this.options.log.info('code interpreter: start-up snapshot made', {
          ms: Math.round(performance.now() - started),
        })
        return path
      }
      this.options.log.warn('code interpreter: no start-up snapshot; each run starts Pyodide in full', {
        end,
      })
    } catch (error) {
      this.options.log.warn('code interpreter: no start-up snapshot; each run starts Pyodide in full', {
        error: String(error),
      })
    }
    return null
  }

  private async runChild(request: RunnerRequest, signal: AbortSignal): Promise<SandboxOutcome> {
    const end = await this.spawn({}, request, signal)
    if (end.kind !== 'exited') return end
    return {
      kind: 'crashed',
      detail: `the runner exited with ${end.exitCode}${end.stderr ? `: ${end.stderr}` : ''}`,
    }
  }

  /**
   * Starts one child and watches it. With a request it must answer READY_LINE then one result
   * line; without (the snapshot), it has nothing to say and its end is reported as `exited`.
   */
  private async spawn(
    env: Record<string, string>,
    request: RunnerRequest | null,
    signal: AbortSignal,
  ): Promise<SandboxOutcome | { kind: 'exited'; exitCode: number; stderr: string }> {
    const pyodideDir = await this.options.pyodideDir
    const scratch = await mkdtemp(join(tmpdir(), 'parley-code-'))
    const limits = this.limits
    let stopped: SandboxOutcome | null = null
    let aborted = false
    const child = Bun.spawn(
      [
        ...this.cpuLimit,
        ...(this.options.networkNamespace === false ? [] : networkIsolation(this.options.log)),
        ...runnerCommand(),
      ],
      {
        cwd: scratch,
        // Nothing of the server's environment (APP_SECRET, DATABASE_URL, keys) reaches the child.
        env: {
          PARLEY_CODE_RUNNER: '1',
          PARLEY_PYODIDE_DIR: pyodideDir,
          HOME: scratch,
          TMPDIR: scratch,
          ...env,
        },
        stdin: request ? new Blob([JSON.stringify(request)]) : 'ignore',
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    const kill = (outcome: SandboxOutcome | 'aborted') => {
      if (stopped || aborted) return
      if (outcome === 'aborted') aborted = true
      else stopped = outcome
      child.kill('SIGKILL')
    }
    const onAbort = () => kill('aborted')
    signal.addEventListener('abort', onAbort, { once: true })
    if (signal.aborted) onAbort()
    let runTimer: Timer | undefined
    const startTimer = request
      ? setTimeout(() => kill({ kind: 'timeout', phase: 'start' }), limits.startMs)
      : undefined
    const watchdog = setInterval(async () => {
      const rss = await residentBytes(child.pid)
      if (rss !== null && rss > limits.residentBytes) kill({ kind: 'memory' })
    }, 100)

    let result: RunnerResult | null = null
    const reading = readLines(child.stdout, limits.outputBytes * 8 + 65_536, (line) => {
      if (line === READY_LINE) {
        clearTimeout(startTimer)
        runTimer = setTimeout(() => kill({ kind: 'timeout', phase: 'run' }), limits.runMs)
        return
      }
      result = JSON.parse(line) as RunnerResult
    }).catch((error: unknown) => kill({ kind: 'crashed', detail: String(error) }))
    const errors = new Response(child.stderr).text()
    const exitCode = await child.exited
    clearTimeout(startTimer)
    clearTimeout(runTimer)
    clearInterval(watchdog)
    signal.removeEventListener('abort', onAbort)
    await reading
    const stderr = (await errors).slice(-4000)
    await rm(scratch, { recursive: true, force: true })

    if (aborted) throw signal.reason
    if (stopped) return stopped
    if (result) return { kind: 'done', result }
    return { kind: 'exited', exitCode, stderr }
  }
}

/** Splits a stream into lines; throws when it carries more than `limit` bytes (a runner gone wrong). */
async function readLines(stream: ReadableStream<Uint8Array>, limit: number, onLine: (line: string) => void) {
  const decoder = new TextDecoder()
  let buffered = ''
  let total = 0
  const reader = stream.getReader()
  for (;;) {
    const { value: chunk, done } = await reader.read()
    if (done) break
    total += chunk.length
    if (total > limit) throw new Error(`the runner wrote more than ${limit} bytes`)
    buffered += decoder.decode(chunk, { stream: true })
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = buffered.slice(0, at)
      buffered = buffered.slice(at + 1)
      if (line) onLine(line)
    }
  }
}
