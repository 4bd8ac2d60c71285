/**
 * `bun bench/idle-memory.ts`: issue 17's idle memory of the embedded mode, measured as a user starts
 * it (`bun src/index.ts`, or the compiled binary with BENCH_BINARY=dist/parley) on a new, empty
 * DATA_DIR, and then again on the same folder (a restart): `BENCH_IDLE_SECONDS` (3) after
 * /api/health first answers, the server and its database
 * process (the server's child) are read from /proc: RSS (VmRSS, the issue's figure), PSS and USS
 * (smaps_rollup: private pages only), and how much of the RSS is the Bun executable's own file
 * pages, which two Bun processes share (RSS counts them in each; PSS splits them).
 * docs/decisions/137-idle-memory.md.
 *
 * Env: BENCH_RUNS (3; the median run is printed, every run listed), BENCH_BUN_FLAGS (flags for the
 * server's bun, e.g. `--smol`), EMBEDDED_DATABASE (process; `inline` for one process), and anything
 * else the server reads (passed through).
 */
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3)
const BINARY = process.env.BENCH_BINARY
const FLAGS = (process.env.BENCH_BUN_FLAGS ?? '').split(' ').filter(Boolean)
const root = join(import.meta.dir, '..')

interface Memory {
  rss: number
  pss: number
  uss: number
  /** Resident pages of the executable's file mapping (shared between two processes of one executable). */
  exeRss: number
  exePss: number
  anon: number
}

const kib = (text: string, field: string) =>
  Number(text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0)

function memory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  const exe = realpathSync(`/proc/${pid}/exe`)
  let exeRss = 0
  let exePss = 0
  let inExe = false
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inExe = line.trimEnd().endsWith(` ${exe}`)
    else if (inExe && line.startsWith('Rss:')) exeRss += kib(line, 'Rss')
    else if (inExe && line.startsWith('Pss:')) exePss += kib(line, 'Pss')
  }
  return {
    rss: kib(status, 'VmRSS'),
    pss: kib(rollup, 'Pss'),
    uss: kib(rollup, 'Private_Clean') + kib(rollup, 'Private_Dirty'),
    exeRss,
    exePss,
    anon: kib(rollup, 'Anonymous'),
  }
}

/**
 * The physical pages resident in any of `pids`, counted once (KiB): what the processes together
 * hold, pages they share (the Bun executable's) included once. From /proc/<pid>/pagemap, whose page
 * frame numbers only root can read: undefined otherwise.
 */
function unionKiB(pids: number[]): number | undefined {
  const frames = new Set<bigint>()
  for (const pid of pids) {
    const ranges: [number, number][] = []
    let range: [number, number] | undefined
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) /)
      if (head) range = [Number.parseInt(head[1]!, 16), Number.parseInt(head[2]!, 16)]
      else if (range && line.startsWith('Rss:') && kib(line, 'Rss') > 0) ranges.push(range)
    }
    const fd = openSync(`/proc/${pid}/pagemap`, 'r')
    try {
      for (const [start, end] of ranges) {
        const pages = (end - start) / 4096
        const entries = new BigUint64Array(pages)
        readSync(fd, new Uint8Array(entries.buffer), 0, pages * 8, (start / 4096) * 8)
        for (const entry of entries) {
          if (!(entry >> 63n)) continue // not present
          const frame = entry & ((1n << 55n) - 1n)
          if (frame === 0n) return undefined // not root: frame numbers hidden
          frames.add(frame)
        }
      }
    } finally {
      closeSync(fd)
    }
  }
  return frames.size * 4
}

function children(pid: number): number[] {
  const found: number[] = []
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
    if (text) found.push(...text.split(/\s+/).map(Number))
  }
  return found
}

async function run(dataDir: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const cmd = BINARY ? [BINARY] : [process.execPath, ...FLAGS, join(root, 'src/index.ts')]
  const started = performance.now()
  const server = Bun.spawn(cmd, {
    cwd: BINARY ? dataDir : root,
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.ok)
        .catch(() => false)
      if (ok) break
      if (performance.now() - started > 60_000) throw new Error('no answer from /api/health in 60 s')
      await Bun.sleep(50)
    }
    const startMs = performance.now() - started
    await Bun.sleep(IDLE_SECONDS * 1000)
    const database = children(server.pid)[0]
    return {
      startMs,
      server: memory(server.pid),
      database: database ? memory(database) : undefined,
      union: unionKiB(database ? [server.pid, database] : [server.pid]),
    }
  } finally {
    server.kill('SIGTERM')
    await Promise.race([server.exited, Bun.sleep(15_000)])
  }
}

const mib = (kb: number) => (kb / 1024).toFixed(0)
type Run = Awaited<ReturnType<typeof run>>
const total = (r: Run, field: keyof Memory) => r.server[field] + (r.database?.[field] ?? 0)
const pair = (r: Run, field: keyof Memory) =>
  r.database
    ? `${mib(r.server[field])} + ${mib(r.database[field])} = ${mib(total(r, field))}`
    : mib(r.server[field])

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
console.log(
  `idle memory, ${BINARY ?? `bun ${[...FLAGS, 'src/index.ts'].join(' ')}`}, ${process.env.EMBEDDED_DATABASE ?? 'process'} mode, ${IDLE_SECONDS} s after /api/health; load ${load()}`,
)
const fresh: Run[] = []
const restarted: Run[] = []
const line = (label: string, r: Run) =>
  console.log(
    `  ${label}: start ${(r.startMs / 1000).toFixed(2)} s; RSS ${pair(r, 'rss')} MiB; together ${r.union === undefined ? '?' : mib(r.union)}; PSS ${pair(r, 'pss')}; USS ${pair(r, 'uss')}; executable pages RSS ${pair(r, 'exeRss')} / PSS ${pair(r, 'exePss')}; anonymous ${pair(r, 'anon')}`,
  )
for (let index = 0; index < RUNS; index += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-idle-'))
  try {
    fresh.push(await run(dataDir))
    line(`run ${index + 1}, new folder`, fresh.at(-1)!)
    restarted.push(await run(dataDir))
    line(`run ${index + 1}, restart  `, restarted.at(-1)!)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
for (const [label, runs] of [
  ['new folder', fresh],
  ['restart', restarted],
] as const) {
  const median = [...runs].sort((a, b) => total(a, 'rss') - total(b, 'rss'))[Math.floor(runs.length / 2)]!
  console.log(
    `median, ${label} (by RSS): RSS ${pair(median, 'rss')} MiB | together (shared pages once) ${median.union === undefined ? '?' : mib(median.union)} MiB | PSS ${pair(median, 'pss')} MiB | USS ${pair(median, 'uss')} MiB | start ${(median.startMs / 1000).toFixed(2)} s`,
  )
}
console.log(`load ${load()}`)
