import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { type Message, messages, type ResearchSource } from '../../db/schema'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { type ResearchFakes, startResearchFakes, waitForRun } from '../test/research'
import type { ResearchJson } from './model'
import { findingsReport, sourcesSection } from './report'
import { reportTexts } from './report-texts'

/*
 * Parley's own words in a deep research conversation are written in the asker's language
 * (docs/decisions/150): the stored question, the report's sources heading, the findings report
 * written when no model writes one, and the report prompt's language. English stays the spec's.
 */

let fakes: ResearchFakes
let t: TestApp
let hans: TestUser
let ana: TestUser

beforeAll(async () => {
  fakes = startResearchFakes()
  t = await startApp(fakes.env, { jobs: true })
  hans = await t.createUser()
  ana = await t.createUser()
  await t.as(hans).api.profile.patch({ preferred_language: 'de' })
  await t.as(ana).api.profile.patch({ preferred_language: 'fr' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fakes.close()
})

async function start(user: TestUser, topic: string) {
  const res = await t.request('/api/research', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ topic, depth: 'quick' }),
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { data: { id: string; chatId: string } }).data
}

/**
 * The chat's question and answer (the one research run it holds), as stored: read from the table,
 * so the test is about what Parley wrote, whatever the messages list shows of it.
 */
async function chatMessages(_user: TestUser, chatId: string): Promise<[Message, Message]> {
  const rows = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))
  return [rows.find((row) => row.isUser)!, rows.find((row) => !row.isUser)!]
}

const finished = (run: ResearchJson) => ['completed', 'failed', 'cancelled'].includes(run.status)

describe('a German sender', () => {
  test('gets the question, the sources heading and the report prompt in German', async () => {
    const before = fakes.openai.completions().length
    const { id, chatId } = await start(hans, 'Wärmepumpen')
    expect((await waitForRun(t, hans.headers, id, finished)).status).toBe('completed')
    const [question, answer] = await chatMessages(hans, chatId)
    expect(question.content).toBe('Anfrage für eine Tiefenrecherche: Wärmepumpen')
    expect(answer.content).toContain('\n## Quellen\n\n- [1] [')
    expect(answer.content).not.toContain('## Sources')
    const report = fakes.openai
      .completions()
      .slice(before)
      .map((request) => JSON.stringify(request.body))
      .find((body) => body.includes('Research task: report'))
    expect(report).toContain('Write the whole report, its headings included, in German (Deutsch).')
  }, 30_000)

  test('a report the model could not write is Parley’s findings report, in German', async () => {
    fakes.model.set({ overrides: { report: { fail: { status: 500, message: 'The model is overloaded' } } } })
    try {
      const { id, chatId } = await start(hans, 'Erdwärme')
      expect((await waitForRun(t, hans.headers, id, finished)).status).toBe('failed')
      const [, answer] = await chatMessages(hans, chatId)
      expect(answer.content).toStartWith(
        '## Überblick\n\nRecherche zu „Erdwärme“: Der Bericht konnte nicht geschrieben werden; es folgen die bisher gesammelten Erkenntnisse.\n\n## Wichtigste Erkenntnisse\n\n',
      )
      expect(answer.content).toContain('## Quellen')
    } finally {
      fakes.model.set({})
    }
  }, 30_000)
})

test('a French sender’s question is in French; an English sender’s stays the spec’s', async () => {
  const french = await start(ana, 'Énergie solaire')
  await waitForRun(t, ana.headers, french.id, finished)
  expect((await chatMessages(ana, french.chatId))[0]!.content).toBe(
    'Demande de recherche approfondie\u00a0: Énergie solaire',
  )
  const english = await t.createUser()
  const run = await start(english, 'Solar power')
  await waitForRun(t, english.headers, run.id, finished)
  const [question, answer] = await chatMessages(english, run.chatId)
  expect(question.content).toBe('Deep research request: Solar power')
  expect(answer.content).toContain('## Sources')
  const report = fakes.openai
    .completions()
    .map((request) => JSON.stringify(request.body))
    .filter((body) => body.includes('Research task: report'))
    .at(-1)
  expect(report).not.toContain('Write the whole report')
}, 30_000)

describe('the report frame in each language', () => {
  const base = { snippet: '', question: '', read: true }
  const sources: ResearchSource[] = [
    { ...base, n: 1, kind: 'web', title: 'Heat [pumps]', url: 'https://www.example.com/a' },
    { ...base, n: 2, kind: 'knowledge', title: 'Team notes', url: '' },
  ]

  test('the sources list: heading and the knowledge base named in the language', () => {
    expect(sourcesSection('See [1] and [2].', sources, reportTexts('en'))).toBe(
      '## Sources\n\n- [1] [Heat \\[pumps\\]](https://www.example.com/a) — example.com\n- [2] Team notes (team knowledge base)',
    )
    expect(sourcesSection('See [2].', sources, reportTexts('fr'))).toBe(
      '## Sources\n\n- [2] Team notes (base de connaissances de l’équipe)',
    )
    expect(sourcesSection('See [2].', sources, reportTexts('it'))).toStartWith('## Fonti\n\n')
    expect(sourcesSection('See [2].', sources, reportTexts('es'))).toStartWith('## Fuentes\n\n')
    expect(sourcesSection('See [2].', sources, reportTexts('pt'))).toStartWith('## Fontes\n\n')
    // A language Parley does not have is written in English.
    expect(sourcesSection('See [2].', sources, reportTexts('xx'))).toStartWith('## Sources\n\n')
  })

  test('the findings report: headings, the reason and an empty list, in the language', () => {
    const texts = reportTexts('es')
    expect(findingsReport('Bombas de calor', texts.cancelled, [], texts)).toBe(
      [
        '## Resumen',
        '',
        'Investigación sobre «Bombas de calor»: la investigación se canceló; a continuación, los hallazgos reunidos hasta ahora.',
        '',
        '## Hallazgos clave',
        '',
        'No se reunió ningún hallazgo.',
      ].join('\n'),
    )
    // A topic with braces or dollar signs is kept as typed.
    const en = reportTexts('en')
    expect(findingsReport('{reason} $& costs', en.budgetRanOut, ['- a [1]'], en)).toContain(
      'Research on “{reason} $& costs”: the findings gathered before the budget ran out follow.',
    )
  })
})
