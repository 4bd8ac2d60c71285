import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { imagePricesBody, listImagePrices, updateImagePrices } from './image-prices'
import {
  adminModelListResponse,
  adminModelResponse,
  adminModelsProvidersGetResponse,
  adminModelsRefreshPostResponse,
  defaultModelBody,
  imagePricesResponse,
  modelParams,
  updateModelBody,
} from './model'
import { getProviderStatuses, listAdminModels, refreshModels, setDefaultModel, updateModel } from './service'

/** /api/admin/models: the model catalogue with the administrators' values, the default model and the providers' status. */
export const adminModelRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.models', prefix: '/models' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await listAdminModels(ctx) }), {
      response: adminModelListResponse,
      admin: true,
      detail: {
        summary:
          'Every model (disabled and inactive ones too): the provider’s values, the administrators’ overrides and the effective values',
      },
    })
    .get('/providers', () => ({ success: true as const, data: getProviderStatuses(ctx) }), {
      response: adminModelsProvidersGetResponse,
      admin: true,
      detail: {
        summary:
          'Each configured provider (OpenAI-compatible, workflow webhook, search, embeddings) and the last success and error this instance saw',
      },
    })
    .get('/image-prices', async () => ({ success: true as const, data: await listImagePrices(ctx) }), {
      response: imagePricesResponse,
      admin: true,
      detail: {
        summary:
          'The price of one generated image by size, and where it comes from (the administrators’ setting, IMAGE_PRICES or the default)',
      },
    })
    .put(
      '/image-prices',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateImagePrices(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: imagePricesResponse,
        admin: true,
        body: imagePricesBody,
        detail: {
          summary:
            'Set the price of one generated image by size, in dollars (a size left out stays; null returns to IMAGE_PRICES or the default)',
        },
      },
    )
    .post(
      '/refresh',
      async ({ actor, user, request, server }) => ({
        success: true as const,
        data: await refreshModels(ctx, { ...actor, email: user.email }, { request, server }),
      }),
      {
        response: adminModelsRefreshPostResponse,
        admin: true,
        detail: { summary: 'Read the provider’s models again now (the administrators’ values stay)' },
      },
    )
    .put(
      '/default',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await setDefaultModel(ctx, { ...actor, email: user.email }, body.modelId, { request, server }),
      }),
      {
        response: adminModelListResponse,
        admin: true,
        body: defaultModelBody,
        detail: { summary: 'Set the organisation’s default model (enabled and offered; null: none)' },
      },
    )
    .patch(
      '/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateModel(ctx, { ...actor, email: user.email }, params.id, body, { request, server }),
      }),
      {
        response: adminModelResponse,
        admin: true,
        params: modelParams,
        body: updateModelBody,
        detail: {
          summary:
            'Change a model’s enabled switch, display name, description, prices or vision (a field left out stays; null returns to the provider’s value)',
        },
      },
    )
