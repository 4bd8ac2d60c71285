import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { generateImageBody, generateImagePostResponse, imageIdParams } from './model'
import { generateImage, sendGeneratedImage } from './service'

/** Image generation (spec section 7 `POST /api/generate-image`) and the generated images themselves. */
export const imageRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'images' })
    .use(authGuard(ctx))
    .post(
      '/api/generate-image',
      async ({ actor, body }) => {
        const data = await generateImage(ctx, actor, body)
        return { success: true as const, imageUrl: data.imageUrl, data }
      },
      {
        response: generateImagePostResponse,
        auth: true,
        body: generateImageBody,
        detail: {
          summary:
            'Generate an image from a description; with chatId, the request and the image are added to that chat',
        },
      },
    )
    .get('/api/images/:id', ({ actor, params }) => sendGeneratedImage(ctx, actor, params.id), {
      auth: true,
      params: imageIdParams,
      detail: { summary: 'One of the user’s generated images' },
    })
