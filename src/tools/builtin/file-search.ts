import type { Attachment } from '../../../db/schema'
import { attachmentsFor } from '../../attachments/attachments-data'
import type { Actor } from '../../auth/actor'
import type { AppContext } from '../../context'
import type { SearchRow } from '../../knowledge/knowledge-data'
import { runSearch } from '../../knowledge/search'
import type { ChatTool, ToolOutput, ToolRunContext } from '../types'
import { requiredText, throwIfAborted, unknownFunction } from './arguments'
import { bestExcerpt, matchingPassages, queryTerms } from './passages'

export const FILE_SEARCH_FUNCTION = 'file_search'

const MAX_QUERY = 1000
/** Knowledge entries per call: the RAG answer's 3 and a little room, since the model asked on purpose. */
const KNOWLEDGE_RESULTS = 5
/** Passages from the chat's files per call. */
const ATTACHMENT_RESULTS = 3
/** Each source's excerpt is cut here, so that a few long documents cannot fill the model's context. */
const EXCERPT_CHARS = 1500

/**
 * File Search as a tool (issue 30 point 4): the person's visible knowledge (their own and shared
 * entries, through the same hybrid search as today, as the actor) and the chat's attachments,
 * as numbered sources the answer cites. Always available: full-text search needs no provider.
 */
export function fileSearchTool(ctx: AppContext): ChatTool {
  return {
    id: 'file-search',
    functions: [
      {
        name: FILE_SEARCH_FUNCTION,
        description:
          "Search the user's knowledge base and the files attached to this conversation. Knowledge entries come as numbered sources: cite them in the answer by their number, as [Source 1], [Source 2]... (the numbers stay the same across searches). Passages of attached files come with the file's name: cite them by that name.",
        parameters: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'What to look for: keywords or a question.' },
          },
          required: ['query'],
          additionalProperties: false,
        },
      },
    ],
    async run(name, args, { actor, attachmentIds, signal, cite }) {
      if (name !== FILE_SEARCH_FUNCTION) throw unknownFunction('file search', name)
      const query = requiredText(args, 'query', MAX_QUERY)
      throwIfAborted(signal)
      const terms = queryTerms(query)
      const entries = await searchKnowledge(ctx, actor, query)
      throwIfAborted(signal)
      const files = await searchAttachments(ctx, actor, attachmentIds, terms)
      return fileSearchOutput(query, terms, entries, files, cite)
    },
  }
}

async function searchKnowledge(ctx: AppContext, actor: Actor, query: string): Promise<SearchRow[]> {
  try {
    return await runSearch(ctx, actor, { query, limit: KNOWLEDGE_RESULTS })
  } catch (error) {
    ctx.log.warn('file search: the knowledge search failed', { error })
    throw new Error('File search failed: the knowledge base could not be searched.', { cause: error })
  }
}

interface FilePassage {
  filename: string
  text: string
  score: number
}

/** The best passages of the chat's readable files (extracted text; images and other files have none). */
async function searchAttachments(
  ctx: AppContext,
  actor: Actor,
  attachmentIds: readonly string[],
  terms: readonly string[],
): Promise<FilePassage[]> {
  if (attachmentIds.length === 0 || terms.length === 0) return []
  // Scoped to the actor: an id of another person's file finds nothing.
  const rows: Attachment[] = await attachmentsFor(ctx.db, actor).findMany(attachmentIds)
  return rows
    .flatMap((row) =>
      row.extractedText
        ? matchingPassages(row.extractedText, terms).map((passage) => ({
            filename: row.filename,
            ...passage,
          }))
        : [],
    )
    .sort((a, b) => b.score - a.score)
    .slice(0, ATTACHMENT_RESULTS)
}

/**
 * Knowledge entries first, each under the number the whole answer cites it by (`cite`: a second
 * search, or the knowledge the reply began with, gives the same entry the same number), then the
 * files' passages under their file's name: they are not among the sources shown with the answer.
 */
function fileSearchOutput(
  query: string,
  terms: readonly string[],
  entries: SearchRow[],
  files: FilePassage[],
  cite: ToolRunContext['cite'],
): ToolOutput {
  if (entries.length === 0 && files.length === 0) {
    return { text: `No knowledge entries or attached files match "${query}".` }
  }
  const blocks = [
    ...entries.map(
      ({ entry }) =>
        `[Source ${cite({ id: entry.id, title: entry.title })}] ${entry.title}\n${bestExcerpt(entry.content, terms, EXCERPT_CHARS)}`,
    ),
    ...files.map((file) => `${file.filename} (attached file)\n${clip(file.text)}`),
  ]
  return { text: blocks.join('\n\n---\n\n') }
}

const clip = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text)
