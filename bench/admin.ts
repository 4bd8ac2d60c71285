/**
 * `bun run bench:admin`: the admin user list with 10,000 accounts (some with this month's usage),
 * over a real port: each sort order, a search, a deep page and one account's detail, p50/p95 of
 * sequential requests beside the 50 ms goal; then the usage charts' figures and CSV over 200,000
 * more usage rows of the last 90 days. PGlite in memory by default; set TEST_DATABASE_URL to
 * measure on Postgres.
 */
import { sql } from 'drizzle-orm'
import { startApp } from '../src/test/harness'

const USERS = 10_000
const USAGE_USERS = 3_000
const USAGE_PER_USER = 20
const USAGE_ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 200_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 60)
const GOAL_MS = 50
/** The usage charts read every record of a 30- or 90-day window: a page an admin opens, not a list they type into. */
const USAGE_GOAL_MS = 500

const t = await startApp({}, { listen: true })
try {
  const admin = await t.createUser({ role: 'admin', email: 'bench-admin@example.com' })
  const seeded = performance.now()
  await t.ctx.db.execute(sql`
    insert into users (email, password_hash, full_name, created_at, last_active_at, is_banned, role)
    select 'person' || g || '@bench.example', 'x', 'Bench Person ' || g,
      now() - (g || ' minutes')::interval,
      case when g % 3 = 0 then null else now() - ((g * 7 % 10000) || ' seconds')::interval end,
      g % 50 = 0, case when g % 500 = 0 then 'admin' else 'user' end
    from generate_series(1, ${USERS}) g`)
  await t.ctx.db.execute(sql`
    insert into usage_records (user_id, model_id, cost_micros, created_at)
    select u.id, 'bench-model', (random() * 20000)::bigint,
      date_trunc('month', now()) + (random() * (now() - date_trunc('month', now())))
    from (select id from users where email like 'person%' order by email limit ${USAGE_USERS}) u,
      generate_series(1, ${USAGE_PER_USER})`)
  // Last month too: must be skipped by the month's sum.
  await t.ctx.db.execute(sql`
    insert into usage_records (user_id, model_id, cost_micros, created_at)
    select id, 'bench-model', 5000, date_trunc('month', now()) - interval '3 days'
    from users where email like 'person%' limit ${USAGE_USERS}`)
  await t.ctx.db.execute(sql`analyze`)
  console.log(
    `seeded ${USERS} users, ${USAGE_USERS * USAGE_PER_USER} usage rows this month (${t.database.kind}) in ${Math.round(performance.now() - seeded)} ms`,
  )

  const get = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, { headers: admin.headers })
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as { data: { items: { id: string }[]; nextCursor: string | null } }
  }
  // A cursor 40 pages (2,000 rows) deep, per sort order.
  const deep = async (sort: string) => {
    let cursor: string | null = null
    for (let page = 0; page < 40; page += 1) {
      const body = await get(`/api/admin/users?sort=${sort}&limit=50${cursor ? `&cursor=${cursor}` : ''}`)
      cursor = body.data.nextCursor
    }
    return cursor!
  }
  const someone = (await get('/api/admin/users?q=person4242@')).data.items[0]!.id
  const cases: [string, string][] = [
    ['list, newest first', '/api/admin/users?limit=50'],
    ['list, last active', '/api/admin/users?sort=last_active&limit=50'],
    ['list, by spend this month', '/api/admin/users?sort=spend&limit=50'],
    ['search "person12" (name or e-mail)', '/api/admin/users?q=person12&limit=50'],
    ['search, no match', '/api/admin/users?q=nobody-here&limit=50'],
    ['role user, status banned', '/api/admin/users?role=user&status=banned&limit=50'],
    ['page 41, newest first', `/api/admin/users?limit=50&cursor=${await deep('created')}`],
    [
      'page 41, last active',
      `/api/admin/users?sort=last_active&limit=50&cursor=${await deep('last_active')}`,
    ],
    ['page 41, by spend', `/api/admin/users?sort=spend&limit=50&cursor=${await deep('spend')}`],
    ['one account’s detail', `/api/admin/users/${someone}`],
  ]
  const measure = async (
    cases: [string, string][],
    fetchOne: (path: string) => Promise<unknown>,
    goal = GOAL_MS,
  ) => {
    console.log(`\n${RUNS} sequential requests each, goal p95 < ${goal} ms\n`)
    console.log(`${'request'.padEnd(38)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}  goal`)
    for (const [name, path] of cases) {
      for (let warm = 0; warm < 3; warm += 1) await fetchOne(path)
      const times: number[] = []
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now()
        await fetchOne(path)
        times.push(performance.now() - start)
      }
      times.sort((a, b) => a - b)
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
      console.log(
        `${name.padEnd(38)}${p(0.5).toFixed(1).padStart(8)}${p(0.95).toFixed(1).padStart(8)}  ${p(0.95) < goal ? 'ok' : `OVER ${goal}`}`,
      )
    }
  }
  await measure(cases, get)

  // The usage charts (Admin → Usage): USAGE_ROWS more records over the last 90 days, 4 models,
  // the same 3,000 users. Seeded after the user list's cases, so their figures stay comparable.
  const more = performance.now()
  await t.ctx.db.execute(sql`
    insert into usage_records (user_id, model_id, prompt_tokens, completion_tokens, cost_micros, created_at)
    select u.ids[1 + (g % ${USAGE_USERS})], 'bench-model-' || (g % 4), (random() * 2000)::int,
      (random() * 800)::int, (random() * 20000)::bigint, now() - random() * interval '90 days'
    from (select array_agg(id) ids from (select id from users where email like 'person%'
      order by email limit ${USAGE_USERS}) x) u, generate_series(1, ${USAGE_ROWS}) g`)
  await t.ctx.db.execute(sql`analyze usage_records`)
  console.log(
    `\nseeded ${USAGE_ROWS} more usage rows over 90 days in ${Math.round(performance.now() - more)} ms`,
  )
  const csv = async (path: string) => {
    const res = await fetch(`${t.url}${path}`, { headers: admin.headers })
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.text()
  }
  await measure(
    [
      ['usage, 30 days', '/api/admin/usage?days=30'],
      ['usage, 90 days', '/api/admin/usage?days=90'],
    ],
    get,
    USAGE_GOAL_MS,
  )
  await measure(
    [
      ['usage CSV by day, 90 days', '/api/admin/usage.csv?days=90&by=day'],
      ['usage CSV by user, 90 days', '/api/admin/usage.csv?days=90&by=user'],
    ],
    csv,
    USAGE_GOAL_MS,
  )
} finally {
  await t.close()
}
