import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { toolRuns, usageRecords, users } from '../../db/schema'
import {
  DESKTOP,
  type E2E,
  expectAxeClean,
  openAdminSection,
  PHONE,
  SETUP_TIMEOUT,
  screenshot,
  screenshotTo,
  withAdminPage,
} from './fixtures'
import { newUser } from './new-user'

/*
 * Admin → Usage: the empty state, then usage seeded in the server's database (through the e2e
 * harness: making hundreds of replies through the UI would take minutes) over the last 90 days:
 * the summary figures, the charts (canvas, with their text alternative and data table), the 30/90
 * switch, the top users, a CSV download, the tool calls (issue 30), and axe in light and dark at
 * 1280 and 390 wide.
 */

setDefaultTimeout(90_000)

let e2e: E2E
let page: Page
const admin = newUser('Ada Admin')
const DAY = 86_400_000

beforeAll(async () => {
  ;({ e2e, page } = await withAdminPage({}, admin))
}, SETUP_TIMEOUT)
afterAll(() => e2e?.close(), SETUP_TIMEOUT)

const section = () => page.getByTestId('usage-section')

async function openUsage() {
  await openAdminSection(page, 'usage')
  await section().waitFor()
  await section().getByTestId('usage-total-spend').waitFor()
}

const axeClean = (name: string) => expectAxeClean(page, name)

/** Inserts an account straight into the database (no session needed: they only own usage here). */
async function person(fullName: string, email: string) {
  const [row] = await e2e.db
    .insert(users)
    .values({ email, fullName, passwordHash: 'x' })
    .returning({ id: users.id })
  return row!.id
}

/**
 * Usage `daysAgo` days before now (noon-safe: a few hours off whole days would not move a record
 * across the 30-day edge, which is far from every day used here).
 */
async function spend(
  userId: string,
  daysAgo: number,
  micros: number,
  model = 'alpha-model',
  tokens = [1000, 400],
) {
  await e2e.db.insert(usageRecords).values({
    userId,
    modelId: model,
    promptTokens: tokens[0]!,
    completionTokens: tokens[1]!,
    costMicros: micros,
    createdAt: new Date(Date.now() - daysAgo * DAY - 60_000),
  })
}

describe('usage section', () => {
  test('with no usage yet: zeros and an empty state, no charts', async () => {
    await openUsage()
    await page.getByRole('heading', { name: 'Usage', exact: true }).waitFor()
    await section().getByTestId('usage-empty').getByText('No usage in the last 30 days').waitFor()
    expect(await section().getByTestId('usage-total-spend').textContent()).toBe('$0.00')
    expect(await section().locator('canvas').count()).toBe(0)
    await section().getByTestId('usage-tools-empty').getByText('No tool was called in this period.').waitFor()
    await screenshot(page, 'admin-usage-empty-1280-light')
  })

  test('a few cents in a month: the daily average keeps the decimals it needs, not $0.00', async () => {
    const [adminRow] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))
    await spend(adminRow!.id, 10, 80_000, 'alpha-model', [100, 50])
    try {
      await openUsage()
      expect(await section().getByTestId('usage-total-spend').textContent()).toBe('$0.08')
      await section().getByText('$0.0027 a day on average').waitFor()
      await screenshot(page, 'admin-usage-cents-1280-light')
    } finally {
      await e2e.db.delete(usageRecords).where(eq(usageRecords.userId, adminRow!.id))
    }
  })

  test('seeded usage shows as figures, charts and top users; 30 and 90 days', async () => {
    const [adminRow] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))
    const grace = await person('Grace Hopper', 'grace@example.com')
    const evil = await person('=HYPERLINK("http://x", "Click"), Mallory', 'mallory@example.com')
    const linus = await person('Linus', 'linus@example.com')
    // In the last 30 days: Grace $1.50 + $2.25 + $0.75, Mallory $1.20, Linus $0.30, the admin $0.10.
    await spend(grace, 0, 1_500_000, 'alpha-model')
    await spend(grace, 3, 2_250_000, 'beta-model', [5000, 2000])
    await spend(grace, 12, 750_000, 'alpha-model')
    await spend(evil, 5, 1_200_000, 'beta-model', [3000, 1000])
    await spend(linus, 20, 300_000, 'alpha-model', [200, 100])
    await spend(adminRow!.id, 1, 100_000, 'alpha-model', [100, 50])
    // Only in the last 90 days: Linus $9.00, 45 and 70 days ago.
    await spend(linus, 45, 4_000_000, 'alpha-model')
    await spend(linus, 70, 5_000_000, 'beta-model')
    // Every day of the last 25 a little, so the bars read as a series.
    for (let day = 0; day < 25; day += 1)
      await spend(grace, day, 20_000 + day * 3_000, 'alpha-model', [300, 120])

    await openUsage()
    const spendBy30 = 1.5 + 2.25 + 0.75 + 1.2 + 0.3 + 0.1 + (25 * 20_000 + 3_000 * 300) / 1_000_000
    expect(await section().getByTestId('usage-total-spend').textContent()).toBe(`$${spendBy30.toFixed(2)}`)
    expect(await section().getByTestId('usage-active-users').textContent()).toBe('4')
    expect(await section().getByTestId('usage-replies').textContent()).toBe(String(6 + 25))
    // The charts are drawn, each named by its summary.
    const spendChart = section().getByTestId('usage-card-model')
    await spendChart.locator('canvas').first().waitFor()
    const picture = spendChart.getByRole('img')
    expect(await picture.getAttribute('aria-label')).toContain(
      `Bar chart of the spend per day over the last 30 days, split by model: $${spendBy30.toFixed(2)} in all.`,
    )
    await section().getByTestId('usage-card-day').locator('canvas').first().waitFor()
    // The legend names the models with their totals.
    await spendChart.getByText('beta-model').first().waitFor()
    // The figures as a table: one row per day.
    await spendChart.getByText('Show the figures as a table').click()
    expect(await spendChart.locator('tbody tr').count()).toBe(30)
    // Top users, highest spend first.
    const top = section().getByTestId('usage-top-user')
    expect(await top.count()).toBe(4)
    expect(await top.nth(0).textContent()).toContain('Grace Hopper')
    expect(await top.nth(1).textContent()).toContain('Mallory')
    expect(await top.nth(2).textContent()).toContain('Linus')
    expect(await top.nth(3).textContent()).toContain(admin.fullName)
    await screenshot(page, 'admin-usage-30-1280-light')

    // 90 days: Linus's older spend counts, and he moves up to first.
    await section().getByText('Last 90 days').click()
    const spendBy90 = spendBy30 + 9
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="usage-total-spend"]')?.textContent === text,
      `$${spendBy90.toFixed(2)}`,
    )
    expect(await section().getByTestId('usage-top-user').nth(0).textContent()).toContain('Linus')
    expect(await section().getByRole('radio', { name: 'Last 90 days' }).isChecked()).toBe(true)
    await section().getByTestId('usage-card-model').getByText('Show the figures as a table').click()
    expect(await section().getByTestId('usage-card-model').locator('tbody tr').count()).toBe(90)
    await screenshotTo(page, {
      path: 'test-artifacts/screenshots/admin-usage-90-1280-light-full.png',
      fullPage: true,
    })
  })

  test('Download CSV (by user) saves the figures, with names defused against formulas', async () => {
    const link = section().getByTestId('usage-csv-user')
    expect(await link.getAttribute('aria-label')).toBe('Download CSV: Top users by spend')
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const today = new Date().toISOString().slice(0, 10)
    expect(download.suggestedFilename()).toBe(`parley-usage-by-user-90d-${today}.csv`)
    const text = await readFile((await download.path())!, 'utf8')
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'user_id,name,email,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages',
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toContain(',Linus,linus@example.com,9.30,')
    expect(lines.find((line) => line.includes('mallory@example.com'))).toContain(
      `,"'=HYPERLINK(""http://x"", ""Click""), Mallory",mallory@example.com,1.20,3000,1000,4000,1`,
    )
  })

  test('Download CSV (by day) for 30 days: a row per day', async () => {
    await section().getByText('Last 30 days').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="usage-total-spend"]')?.textContent === '$7.50',
    )
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section().getByTestId('usage-csv-day').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^parley-usage-by-day-30d-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n')
    expect(lines).toHaveLength(31)
    expect(lines[0]).toBe('\uFEFFdate,spend_usd,prompt_tokens,completion_tokens,total_tokens,messages')
  })
  test('tool calls: counted per tool and MCP server, the latest listed with who ran them', async () => {
    const [adminRow] = await e2e.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))
    const ines = await person('Ines Tools', 'ines@example.com')
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    await e2e.db.insert(toolRuns).values([
      {
        userId: ines,
        tool: 'web-search',
        name: 'web_search',
        status: 'done',
        durationMs: 400,
        createdAt: ago(30),
      },
      {
        userId: ines,
        tool: 'web-search',
        name: 'web_search',
        status: 'failed',
        durationMs: 2000,
        createdAt: ago(20),
      },
      {
        userId: ines,
        tool: 'mcp:6a1f0c2e-7b1d-4c51-9a0e-2f3c4d5e6f70',
        serverName: 'Tickets',
        name: 'create_ticket',
        status: 'denied',
        durationMs: 0,
        createdAt: ago(10),
      },
      {
        userId: ines,
        actingAdminId: adminRow!.id,
        tool: 'code-interpreter',
        name: 'run_code',
        status: 'done',
        durationMs: 850,
        createdAt: ago(5),
      },
      // Outside the 30 days: not counted.
      {
        userId: ines,
        tool: 'file-search',
        name: 'file_search',
        status: 'done',
        durationMs: 5,
        createdAt: ago(40 * 24 * 60),
      },
    ])
    await openUsage()
    const card = section().getByTestId('usage-card-tools')
    await card.getByRole('heading', { name: 'Tool calls' }).waitFor()
    const rows = card.getByTestId('usage-tool')
    await rows.first().waitFor()
    expect(await rows.count()).toBe(3)
    const web = card.locator('[data-testid="usage-tool"][data-tool="web-search"]')
    expect(await web.getByRole('rowheader').textContent()).toBe('Web Search')
    expect(await web.getByTestId('usage-tool-calls').textContent()).toBe('2')
    expect(await web.getByTestId('usage-tool-failed').textContent()).toBe('1')
    expect(await web.getByTestId('usage-tool-average').textContent()).toBe('1.2 s')
    await card.getByRole('rowheader', { name: 'MCP: Tickets' }).waitFor()
    await card.getByRole('rowheader', { name: 'Code Interpreter' }).waitFor()
    expect(await card.getByText('File Search').count()).toBe(0)
    // The latest calls, newest first: the support access run names the administrator.
    const calls = card.getByTestId('usage-tool-call')
    expect(await calls.count()).toBe(4)
    expect(await calls.nth(0).textContent()).toContain('Code Interpreter')
    expect(await calls.nth(0).getByTestId('usage-tool-call-admin').textContent()).toBe(
      `run by ${admin.fullName} during support access`,
    )
    expect(await calls.nth(0).textContent()).toContain('ines@example.com')
    expect(await calls.nth(1).getByTestId('usage-tool-call-status').textContent()).toBe('Denied')
    await screenshot(page, 'admin-usage-tools-1280-light')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('usage-csv-tools').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^parley-usage-by-tools-30d-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n')
    expect(lines[0]).toBe('\uFEFFtool,server,calls,failed,denied,avg_ms')
    expect(lines).toContain('web-search,,2,1,0,1200')
  })
})

describe('looks and accessibility', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const dark of [false, true]) {
      test(`axe clean, ${dark ? 'dark' : 'light'} at ${label}`, async () => {
        const name = `${label}-${dark ? 'dark' : 'light'}`
        await page.setViewportSize(viewport)
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' })
        await openUsage()
        await section().getByTestId('usage-card-model').locator('canvas').first().waitFor()
        // Nothing wider than the screen (the charts follow their box).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        )
        await axeClean(`usage ${name}`)
        await screenshot(page, `admin-usage-${name}`)
        await screenshotTo(page, {
          path: `test-artifacts/screenshots/admin-usage-${name}-full.png`,
          fullPage: true,
        })
        // The data table open is clean too.
        await section().getByTestId('usage-card-day').getByText('Show the figures as a table').click()
        await axeClean(`usage table ${name}`)
      })
    }
  }

  test('reads in German, with German dates and money', async () => {
    await page.setViewportSize(DESKTOP)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'de' },
    })
    await openUsage()
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await page.getByRole('heading', { name: 'Nutzung', exact: true }).waitFor()
    await section().getByText('Ausgaben pro Tag nach Modell').waitFor()
    await section().getByTestId('usage-card-tools').getByRole('rowheader', { name: 'Websuche' }).waitFor()
    expect(await section().getByTestId('usage-total-spend').textContent()).toMatch(/^\d+,\d{2}\s\$$/)
    await screenshot(page, 'admin-usage-de')
    await page.request.patch('/api/profile', {
      headers: { origin: e2e.url },
      data: { preferred_language: 'en' },
    })
  })
})
