/**
 * bun bench/trace-long-tasks.ts [--over ms] [--stack text] <trace.json>... — what the long tasks (> 50 ms) of a
 * `BENCH_TRACE` trace spent their time on: per task, the trace events under it (script, style,
 * layout, paint, GC) and, from the V8 sampling profiler, the functions with the most self and
 * total time, mapped back to source through public/build's source maps (so run it against the
 * build the trace was made with).
 */
import { existsSync, readFileSync } from 'node:fs'
import { SourceMapConsumer } from 'source-map'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: Record<string, unknown>
}
interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

const consumers = new Map<string, SourceMapConsumer | null>()

/** `--stack <text>`: also print the commonest whole stacks of samples whose leaf contains <text>. */
const args = process.argv.slice(2)
const stackAt = args.indexOf('--stack')
const stackFilter = stackAt >= 0 ? args.splice(stackAt, 2)[1] : undefined
/** `--over <ms>`: list tasks longer than this instead of 50 ms (to see how close the rest come). */
const overAt = args.indexOf('--over')
const LONG_US = (overAt >= 0 ? Number(args.splice(overAt, 2)[1]) : 50) * 1000

for (const file of args) {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(raw) ? raw : raw.traceEvents
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  if (!main) {
    console.log(`${file}: no renderer main thread`)
    continue
  }
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid)
  const tasks = onMain
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .filter((e) => (e.dur ?? 0) > LONG_US)
    .sort((a, b) => a.ts - b.ts)
  const samples = collectSamples(events, main.pid)
  console.log(`\n=== ${file}: ${tasks.length} long tasks`)
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    console.log(`\n-- task at ${(task.ts / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(1)} ms`)
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task)
    const byName = new Map<string, number>()
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0))
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12)
    console.log(`   events: ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ')}`)
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end)
    if (!inTask.length) continue
    const self = new Map<string, number>()
    const total = new Map<string, number>()
    for (const s of inTask) {
      const leaf = s.stack[0]
      if (leaf) self.set(leaf, (self.get(leaf) ?? 0) + s.dt)
      for (const frame of new Set(s.stack)) total.set(frame, (total.get(frame) ?? 0) + s.dt)
    }
    const fmt = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([n, d]) => `      ${(d / 1000).toFixed(1).padStart(6)}  ${n}`)
        .join('\n')
    console.log(`   self:\n${fmt(self)}\n   total:\n${fmt(total)}`)
    if (stackFilter) {
      const stacks = new Map<string, number>()
      for (const s of inTask) {
        if (!s.stack[0]?.includes(stackFilter)) continue
        const key = s.stack.slice(0, 25).join('\n         ')
        stacks.set(key, (stacks.get(key) ?? 0) + s.dt)
      }
      for (const [stack, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 3))
        console.log(`   stack ${(us / 1000).toFixed(1)} ms:\n         ${stack}`)
    }
  }
}

/** Samples of the V8 CPU profile (ProfileChunk events) with their mapped stacks, leaf first. */
function collectSamples(events: TraceEvent[], pid: number) {
  const nodes = new Map<number, ProfileNode>()
  const out: { ts: number; dt: number; stack: string[] }[] = []
  const profiles = new Map<string, { ts: number }>()
  for (const e of events) {
    if (e.pid !== pid) continue
    if (e.name === 'Profile')
      profiles.set(e.id ?? '', { ts: (e.args?.data as { startTime?: number } | undefined)?.startTime ?? 0 })
  }
  for (const e of events) {
    if (e.pid !== pid || e.name !== 'ProfileChunk') continue
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    const profile = profiles.get(e.id ?? '')
    if (!profile) continue
    const ids = data.cpuProfile?.samples ?? []
    const deltas = data.timeDeltas ?? []
    for (let i = 0; i < ids.length; i++) {
      profile.ts += deltas[i] ?? 0
      out.push({ ts: profile.ts, dt: 0, stack: [String(ids[i])] })
    }
  }
  out.sort((a, b) => a.ts - b.ts)
  for (let i = 0; i < out.length; i++) {
    const sample = out[i]!
    sample.dt = Math.min(5000, (out[i + 1]?.ts ?? sample.ts) - sample.ts)
    const stack: string[] = []
    let node = nodes.get(Number(sample.stack[0]))
    while (node) {
      stack.push(describe(node.callFrame))
      node = node.parent === undefined ? undefined : nodes.get(node.parent)
    }
    sample.stack = stack.filter((f) => f !== '(root)')
  }
  return out
}

function describe(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)'
  const path = (frame.url ?? '').match(/\/(assets\/[^?#]+\.js|[^/?#]+\.js)$/)?.[1]
  if (!path) return name
  let consumer = consumers.get(path)
  if (consumer === undefined) {
    const map = `public/build/${path}.map`
    consumer = existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null
    consumers.set(path, consumer)
  }
  if (!consumer) return `${name} ${path}`
  const pos = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
  if (!pos.source) return `${name} ${path}`
  const source = pos.source.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '')
  return `${pos.name ?? name} ${source}:${pos.line}`
}
