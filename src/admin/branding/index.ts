import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { BrandImage } from '../../branding/service'
import type { AppContext } from '../../context'
import { IMAGE_MAX_BYTES, imageTooLarge } from '../../files/image-upload'
import { readLimitedForm } from '../../files/read-upload'
import { adminBrandingResponse, brandingPatch, refuseUnknownBrandingFields } from './model'
import { getBranding, removeBrandImage, replaceBrandImage, updateBranding } from './service'

const uploadDoc = (what: string) => ({
  summary: `Upload the ${what} (multipart field \`file\`: PNG, JPEG, GIF or WebP, at most 5 MB)`,
  requestBody: {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: { file: { type: 'string' as const, format: 'binary' } },
        },
      },
    },
  },
})

/** /api/admin/branding: the brand's six items over BRAND_* (admins only, audited, shown live everywhere). */
export const adminBrandingRoutes = (ctx: AppContext) => {
  const upload =
    (image: BrandImage) =>
    async ({ actor, user, request, server }: UploadContext) => {
      // Read only after the admin is checked, and never more than the limit allows.
      const form = await readLimitedForm(request, IMAGE_MAX_BYTES, () => imageTooLarge('brand_image'))
      return {
        success: true as const,
        data: await replaceBrandImage(ctx, { ...actor, email: user.email }, image, form.get('file'), {
          request,
          server,
        }),
      }
    }
  const remove =
    (image: BrandImage) =>
    async ({ actor, user, request, server }: UploadContext) => ({
      success: true as const,
      data: await removeBrandImage(ctx, { ...actor, email: user.email }, image, { request, server }),
    })

  return new Elysia({ name: 'admin.branding', prefix: '/branding' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await getBranding(ctx) }), {
      response: adminBrandingResponse,
      admin: true,
      detail: {
        summary: 'Each brand item: its value now, its BRAND_* default and whether an administrator set it',
      },
    })
    .patch(
      '/',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateBranding(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: adminBrandingResponse,
        admin: true,
        transform: refuseUnknownBrandingFields,
        body: brandingPatch,
        detail: {
          summary:
            'Change company name, product name, tagline or colours (a field left out stays; null returns it to BRAND_*)',
        },
      },
    )
    .put('/logo', upload('logo'), {
      response: adminBrandingResponse,
      admin: true,
      parse: 'none',
      detail: uploadDoc('logo'),
    })
    .delete('/logo', remove('logo'), {
      response: adminBrandingResponse,
      admin: true,
      detail: { summary: 'Remove the uploaded logo (BRAND_LOGO_URL applies again)' },
    })
    .put('/login-background', upload('login-background'), {
      response: adminBrandingResponse,
      admin: true,
      parse: 'none',
      detail: uploadDoc('login background image'),
    })
    .delete('/login-background', remove('login-background'), {
      response: adminBrandingResponse,
      admin: true,
      detail: { summary: 'Remove the uploaded login background (BRAND_LOGIN_BACKGROUND_URL applies again)' },
    })
}

interface UploadContext {
  actor: import('../../auth/actor').Actor
  user: { email: string }
  request: Request
  server: { requestIP(request: Request): { address: string } | null } | null
}
