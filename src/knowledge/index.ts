import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import {
  createEntryBody,
  exportChatBody,
  knowledgeEntryResponse,
  knowledgeGetResponse,
  knowledgeSearchPostResponse,
  knowledgeStatusGetResponse,
  knowledgeTagsGetResponse,
  listQuery,
  multipartFileBody,
  searchBody,
  updateEntryBody,
  uploadQuery,
} from './model'
import { searchEntries } from './search'
import {
  cancelIndexingEntry,
  createEntry,
  deleteEntry,
  exportChat,
  getEntry,
  knowledgeStatus,
  listEntries,
  listTags,
  reindexEntry,
  updateEntry,
  uploadEntry,
} from './service'

/** The knowledge base: own and shared entries, indexing in the background, hybrid search (decision 119). */
export const knowledgeRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'knowledge' })
    .use(authGuard(ctx))
    .get(
      '/api/knowledge',
      async ({ actor, query }) => ({ success: true as const, data: await listEntries(ctx, actor, query) }),
      {
        response: knowledgeGetResponse,
        auth: true,
        query: listQuery,
        detail: { summary: 'Own and shared knowledge entries, newest first' },
      },
    )
    .post(
      '/api/knowledge',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await createEntry(ctx, actor, body) }
      },
      {
        response: { 201: knowledgeEntryResponse },
        auth: true,
        body: createEntryBody,
        detail: { summary: 'Add a knowledge entry (indexed in the background)' },
      },
    )
    .get(
      '/api/knowledge/status',
      async () => ({ success: true as const, data: await knowledgeStatus(ctx) }),
      {
        response: knowledgeStatusGetResponse,
        auth: true,
        detail: { summary: 'Whether search uses vectors or full text only' },
      },
    )
    .get(
      '/api/knowledge/tags',
      async ({ actor }) => ({ success: true as const, data: await listTags(ctx, actor) }),
      {
        response: knowledgeTagsGetResponse,
        auth: true,
        detail: { summary: 'The tags of the entries you see (own and shared), sorted' },
      },
    )
    .post(
      '/api/knowledge/search',
      async ({ actor, body }) => ({ success: true as const, data: await searchEntries(ctx, actor, body) }),
      {
        response: knowledgeSearchPostResponse,
        auth: true,
        body: searchBody,
        detail: { summary: 'Search own and shared entries (hybrid)' },
      },
    )
    .post(
      '/api/knowledge/export-chat',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await exportChat(ctx, actor, body) }
      },
      {
        response: { 201: knowledgeEntryResponse },
        auth: true,
        body: exportChatBody,
        detail: { summary: 'Export a chat into the knowledge base' },
      },
    )
    .post(
      '/api/knowledge/upload',
      async ({ actor, request, query, set }) => {
        const data = await uploadEntry(ctx, actor, request, query)
        set.status = 201
        return { success: true as const, data }
      },
      {
        response: { 201: knowledgeEntryResponse },
        auth: true,
        parse: 'none',
        query: uploadQuery,
        detail: {
          summary: 'Add a PDF, DOCX, text or Markdown file as an entry (multipart field `file`)',
          requestBody: multipartFileBody,
        },
      },
    )
    .get(
      '/api/knowledge/:id',
      async ({ actor, params }) => ({ success: true as const, data: await getEntry(ctx, actor, params.id) }),
      { response: knowledgeEntryResponse, auth: true, detail: { summary: 'A knowledge entry' } },
    )
    .patch(
      '/api/knowledge/:id',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updateEntry(ctx, actor, params.id, body),
      }),
      {
        response: knowledgeEntryResponse,
        auth: true,
        body: updateEntryBody,
        detail: { summary: 'Update one of your entries' },
      },
    )
    .delete(
      '/api/knowledge/:id',
      async ({ actor, params }) => {
        await deleteEntry(ctx, actor, params.id)
        return { success: true as const }
      },
      { response: done, auth: true, detail: { summary: 'Delete one of your entries' } },
    )
    .post(
      '/api/knowledge/:id/reindex',
      async ({ actor, params }) => ({
        success: true as const,
        data: await reindexEntry(ctx, actor, params.id),
      }),
      {
        response: knowledgeEntryResponse,
        auth: true,
        detail: { summary: 'Index one of your entries again (retry after a failure)' },
      },
    )
    .post(
      '/api/knowledge/:id/cancel',
      async ({ actor, params }) => ({
        success: true as const,
        data: await cancelIndexingEntry(ctx, actor, params.id),
      }),
      {
        response: knowledgeEntryResponse,
        auth: true,
        detail: { summary: 'Stop indexing one of your entries (it fails as cancelled; found by its words)' },
      },
    )
