import { type SearchResult, searchWeb } from '../../ai/web-search'
import type { AppContext } from '../../context'
import type { ChatTool, ToolOutput } from '../types'
import { requiredText, throwIfAborted, unknownFunction } from './arguments'

export const WEB_SEARCH_FUNCTION = 'web_search'

/** The search engine's part of a query: SearXNG itself cuts at 500 characters. */
const MAX_QUERY = 500

/**
 * Web Search as a tool (issue 30 point 5): SearXNG as the reply engine uses it before an answer,
 * but called by the model when it needs it. Only when SEARXNG_URL is set.
 */
export function webSearchTool(ctx: AppContext): ChatTool | null {
  const baseUrl = ctx.config.ai.searxngUrl
  if (!baseUrl) return null
  return {
    id: 'web-search',
    functions: [
      {
        name: WEB_SEARCH_FUNCTION,
        description:
          'Search the web. Returns numbered results (title, URL, snippet); cite them in the answer as [1], [2]... with their URLs.',
        parameters: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'What to search for, as a search engine query.' },
          },
          required: ['query'],
          additionalProperties: false,
        },
      },
    ],
    async run(name, args, { signal }) {
      if (name !== WEB_SEARCH_FUNCTION) throw unknownFunction('web search', name)
      const query = requiredText(args, 'query', MAX_QUERY)
      throwIfAborted(signal)
      const { status } = ctx.providers
      let results: SearchResult[]
      try {
        results = await searchWeb(baseUrl, query, signal)
      } catch (error) {
        // A Stop or time-out is the loop's to report; anything else is the search service's failure.
        if (signal.aborted) throw error
        status.failure('search', error)
        throw new Error(`Web search failed: ${searchFailure(error)}`, { cause: error })
      }
      status.success('search')
      return searchOutput(query, results)
    },
  }
}

function searchOutput(query: string, results: SearchResult[]): ToolOutput {
  if (results.length === 0) return { text: `No web results for "${query}".` }
  const lines = results.map((result, index) =>
    `[${index + 1}] ${result.title}\nURL: ${result.url}\n${result.content}`.trimEnd(),
  )
  return { text: [`Web results for "${query}":`, '', lines.join('\n\n')].join('\n') }
}

function searchFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return 'the search service did not answer in time.'
  if (error instanceof SyntaxError) return 'the search service sent an answer that is not JSON.'
  const message = error instanceof Error ? error.message : String(error)
  return `${message.replace(/\.$/, '')}.`
}
