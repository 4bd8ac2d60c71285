import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { generatePromptText } from './generate'
import {
  byTagsQuery,
  createPromptBody,
  generatePromptBody,
  popularQuery,
  promptArrayResponse,
  promptListQuery,
  promptResponse,
  promptsGeneratePostResponse,
  promptsGetResponse,
  promptsStatsGetResponse,
  searchQuery,
  updatePromptBody,
} from './model'
import {
  createPrompt,
  deletePrompt,
  duplicatePrompt,
  getPrompt,
  listPrompts,
  popularPrompts,
  promptStats,
  promptsByTags,
  searchPrompts,
  updatePrompt,
  usePrompt,
} from './service'

/** The prompt library: the actor's own prompts and the public ones (decision 118). */
export const promptRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'prompts' })
    .use(authGuard(ctx))
    .get(
      '/api/prompts',
      async ({ actor, query }) => ({ success: true as const, data: await listPrompts(ctx, actor, query) }),
      {
        response: promptsGetResponse,
        auth: true,
        query: promptListQuery,
        detail: { summary: 'Own and public prompts, most used first' },
      },
    )
    .post(
      '/api/prompts',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await createPrompt(ctx, actor, body) }
      },
      {
        response: { 201: promptResponse },
        auth: true,
        body: createPromptBody,
        detail: { summary: 'Save a prompt' },
      },
    )
    .post(
      '/api/prompts/generate',
      async ({ actor, body }) => ({
        success: true as const,
        data: await generatePromptText(ctx, actor, body),
      }),
      {
        response: promptsGeneratePostResponse,
        auth: true,
        body: generatePromptBody,
        detail: { summary: 'Draft a prompt text with AI from a title and description' },
      },
    )
    .get(
      '/api/prompts/stats',
      async ({ actor }) => ({ success: true as const, data: await promptStats(ctx, actor) }),
      { response: promptsStatsGetResponse, auth: true, detail: { summary: 'Prompt statistics' } },
    )
    .get(
      '/api/prompts/popular',
      async ({ actor, query }) => ({
        success: true as const,
        data: await popularPrompts(ctx, actor, query.limit),
      }),
      {
        response: promptArrayResponse,
        auth: true,
        query: popularQuery,
        detail: { summary: 'The most used public prompts (10 by default)' },
      },
    )
    .get(
      '/api/prompts/search',
      async ({ actor, query }) => ({
        success: true as const,
        data: await searchPrompts(ctx, actor, query.q, query.limit),
      }),
      {
        response: promptArrayResponse,
        auth: true,
        query: searchQuery,
        detail: { summary: 'Search prompts; an empty query finds nothing' },
      },
    )
    .get(
      '/api/prompts/by-tags',
      async ({ actor, query }) => ({
        success: true as const,
        data: await promptsByTags(ctx, actor, query.tags, query.limit),
      }),
      {
        response: promptArrayResponse,
        auth: true,
        query: byTagsQuery,
        detail: { summary: 'Prompts with any of the tags; no tags finds nothing' },
      },
    )
    .get(
      '/api/prompts/:id',
      async ({ actor, params }) => ({ success: true as const, data: await getPrompt(ctx, actor, params.id) }),
      { response: promptResponse, auth: true, detail: { summary: 'A prompt' } },
    )
    .patch(
      '/api/prompts/:id',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updatePrompt(ctx, actor, params.id, body),
      }),
      {
        response: promptResponse,
        auth: true,
        body: updatePromptBody,
        detail: { summary: 'Update one of your prompts' },
      },
    )
    .delete(
      '/api/prompts/:id',
      async ({ actor, params }) => {
        await deletePrompt(ctx, actor, params.id)
        return { success: true as const }
      },
      { response: done, auth: true, detail: { summary: 'Delete one of your prompts' } },
    )
    .post(
      '/api/prompts/:id/duplicate',
      async ({ actor, params, set }) => {
        set.status = 201
        return { success: true as const, data: await duplicatePrompt(ctx, actor, params.id) }
      },
      {
        response: { 201: promptResponse },
        auth: true,
        detail: { summary: "Copy a prompt as a private '<title> (Copy)'" },
      },
    )
    .post(
      '/api/prompts/:id/use',
      async ({ actor, params }) => ({ success: true as const, data: await usePrompt(ctx, actor, params.id) }),
      { response: promptResponse, auth: true, detail: { summary: 'Count one use of a prompt' } },
    )
