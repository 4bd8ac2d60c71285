import type { ResearchJson } from '../research/model'
import { type FakeOpenAi, startFakeOpenAi } from './fakes/openai-server'
import { type FakeScholar, startFakeScholar } from './fakes/openalex-server'
import { type FakePages, startFakePages } from './fakes/pages-server'
import { type ResearchModel, researchModel } from './fakes/research-model'
import { type FakeSearxng, startFakeSearxng } from './fakes/searxng-server'
import type { RecordedEvent, TestApp } from './harness'
import { waitFor } from './wait'

/**
 * Every outside service deep research talks to, faked on 127.0.0.1: the model (scripted per task),
 * SearXNG (three results per query and category, each a page of the fake site), OpenAlex and arXiv,
 * and the pages. The app reaches the pages because FETCH_ALLOWED_HOSTS allows 127.0.0.1.
 */
export interface ResearchFakes {
  openai: FakeOpenAi
  model: ResearchModel
  searxng: FakeSearxng
  scholar: FakeScholar
  pages: FakePages
  /** Back to the default results (three pages of the fake site per query and category). */
  resetSearch(): void
  env: Record<string, string>
  close(): Promise<void>
}

export function startResearchFakes(): ResearchFakes {
  const openai = startFakeOpenAi()
  const model = researchModel()
  openai.setResponder(model.responder)
  const searxng = startFakeSearxng()
  const pages = startFakePages()
  const scholar = startFakeScholar()
  const resetSearch = () =>
    searxng.setResponder((query, category) =>
      [1, 2, 3].map((index) => {
        const slug = `${category}-${query.replace(/[^a-z0-9]+/gi, '-')}-${index}`
        return {
          title: `${query} (${category} ${index})`,
          url: pages.url(`/article/${slug}`),
          content: `About ${query}`,
        }
      }),
    )
  resetSearch()
  return {
    openai,
    model,
    searxng,
    scholar,
    pages,
    resetSearch,
    env: {
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'sk-test',
      MODEL_PRICES: 'fake-model=1/2,fake-model-large=1/2',
      SEARXNG_URL: searxng.url,
      RESEARCH_OPENALEX_URL: scholar.url,
      RESEARCH_ARXIV_URL: scholar.url,
      FETCH_ALLOWED_HOSTS: '127.0.0.1',
    },
    async close() {
      await openai.close()
      await searxng.close()
      await scholar.close()
      await pages.close()
    },
  }
}

export function progressEvents(events: RecordedEvent[], id: string): ResearchJson[] {
  return events
    .filter((event) => event.event === 'research:progress' && (event.payload as ResearchJson).id === id)
    .map((event) => event.payload as ResearchJson)
}

/** Reads the run until `done` holds. */
export async function waitForRun(
  t: Pick<TestApp, 'request'>,
  headers: Record<string, string>,
  id: string,
  done: (run: ResearchJson) => boolean,
  timeoutMs = 30_000,
): Promise<ResearchJson> {
  let last: ResearchJson | undefined
  await waitFor(
    async () => {
      const res = await t.request(`/api/research/${id}`, { headers })
      last = ((await res.json()) as { data: ResearchJson }).data
      return done(last)
    },
    timeoutMs,
    `the research run (last: ${JSON.stringify(last && { status: last.status, step: last.step, round: last.round })})`,
  )
  return last!
}
