import { readdirSync, readFileSync } from 'node:fs'

/**
 * What the multi-process benchmarks share: starting a role of the same script in its own process
 * (so each one's CPU and memory can be read apart), reading those from /proc, and percentiles.
 */

export interface Child {
  pid: number
  /** The JSON the role printed after `READY `. */
  ready: Record<string, unknown>
  /** Writes one line to the role's stdin. */
  send(line: string): void
  /** The next line the role prints that starts with `prefix`. */
  next(prefix: string): Promise<string>
  kill(signal?: NodeJS.Signals): void
}

/**
 * Runs `bun <script> <args>` and resolves once it prints `READY <json>`. Its stdout is read to the
 * end (a full pipe would block it), line by line, for `next`. BENCH_PROFILE_DIR: a `server` role
 * writes a CPU profile (markdown) there when it stops.
 */
export async function spawnRole(script: string, args: string[]): Promise<Child> {
  const profile =
    args[0] === 'server' && process.env.BENCH_PROFILE_DIR
      ? [
          process.env.BENCH_PROFILE_JSON ? '--cpu-prof' : '--cpu-prof-md',
          `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`,
        ]
      : []
  const child = Bun.spawn(['bun', ...profile, script, ...args], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const lines: string[] = []
  const waiters: { prefix: string; resolve: (line: string) => void }[] = []
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    for await (const chunk of child.stdout as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true })
      let cut = buffer.indexOf('\n')
      while (cut >= 0) {
        const line = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 1)
        cut = buffer.indexOf('\n')
        const waiter = waiters.findIndex((entry) => line.startsWith(entry.prefix))
        if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(line)
        else lines.push(line)
      }
    }
  })()
  const next = (prefix: string) =>
    new Promise<string>((resolve) => {
      const found = lines.findIndex((line) => line.startsWith(prefix))
      if (found >= 0) return resolve(lines.splice(found, 1)[0]!)
      waiters.push({ prefix, resolve })
    })
  const readyLine = await Promise.race([
    next('READY '),
    child.exited.then(() => {
      throw new Error(`${args[0]} exited before it was ready`)
    }),
  ])
  return {
    pid: child.pid,
    ready: JSON.parse(readyLine.slice(6)),
    send: (line) => {
      child.stdin.write(`${line}\n`)
      child.stdin.flush()
    },
    next,
    kill: (signal = 'SIGTERM') => child.kill(signal),
  }
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : 0
}

/** CPU seconds (user + system) of a process so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * The processes a process started (Linux: each thread's /proc/<pid>/task/<tid>/children), e.g. the embedded database
 * process of a server: a child's CPU counts in its parent's figures only once it has exited.
 */
export function childPids(pid: number): number[] {
  const children: number[] = []
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      if (listed) children.push(...listed.split(' ').map(Number))
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return children
}

/** Microseconds of CPU per token: `cpuSeconds` spent to deliver `tokens`. */
export const microsecondsPer = (cpu: number, tokens: number) =>
  tokens > 0 ? (cpu * 1e6) / tokens : Number.NaN

/** The nearest-rank percentile; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** The 1, 5 and 15 minute load averages, as /proc shows them: figures read under load say so. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—')

/** CPU seconds of every Chromium process alive now (browser, renderers, GPU and utilities). */
export function chromiumCpuSeconds(): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('chromium')) continue
      total += cpuSeconds(Number(entry))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}

/**
 * CPU seconds of every process whose name (/proc/<pid>/comm) is `name` alive now: the backends of a
 * Postgres server on this machine, say. A process that ends in between takes its seconds with it.
 */
export function namedCpuSeconds(name: string): number {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue
      total += cpuSeconds(Number(entry))
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}
