import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { transcriptionAvailable } from '../dictation/service'
import { imageGenerationAvailable } from '../images/service'
import {
  capabilitiesGetResponse,
  modelsGetResponse,
  modelsPreferredGetResponse,
  modelsPreferredPutResponse,
  setPreferredBody,
  toModelJson,
} from './model'
import { getPreferredModel, listAllowedModels, setPreferredModel } from './service'
import { ensureModelsSynced } from './sync'

/** Model catalogue, the user's preferred model and what this server can do (web search). */
export const modelRoutes = (ctx: AppContext) => {
  // Sync at start-up so the first request finds the catalogue ready.
  void ensureModelsSynced(ctx)
  return new Elysia({ name: 'models' })
    .use(authGuard(ctx))
    .get(
      '/api/models',
      async ({ actor }) => ({
        success: true as const,
        data: (await listAllowedModels(ctx, actor)).map(toModelJson),
      }),
      {
        response: modelsGetResponse,
        auth: true,
        detail: { summary: 'Active models (those the person’s groups allow)' },
      },
    )
    .get(
      '/api/models/preferred',
      async ({ actor }) => ({
        success: true as const,
        data: { id: (await getPreferredModel(ctx, actor))?.id ?? null },
      }),
      {
        response: modelsPreferredGetResponse,
        auth: true,
        detail: { summary: 'The preferred model (else the organisation’s default, else the first model)' },
      },
    )
    .put(
      '/api/models/preferred',
      async ({ actor, body }) => ({
        success: true as const,
        data: { id: (await setPreferredModel(ctx, actor, body.modelId)).id },
      }),
      {
        response: modelsPreferredPutResponse,
        auth: true,
        body: setPreferredBody,
        detail: { summary: 'Set the preferred model' },
      },
    )
    .get(
      '/api/capabilities',
      () => ({
        success: true as const,
        data: {
          webSearch: ctx.providers.webSearch,
          imageGeneration: imageGenerationAvailable(ctx.config),
          transcription: transcriptionAvailable(ctx.config),
        },
      }),
      {
        response: capabilitiesGetResponse,
        auth: true,
        detail: { summary: 'Optional features this server has configured' },
      },
    )
}
