import { Elysia, t } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { readLimitedForm } from '../files/read-upload'
import { avatarTooLarge, removeAvatar, replaceAvatar, sendAvatar } from './avatar'
import {
  AVATAR_MAX_BYTES,
  profilePatch,
  profileResponse,
  profileStatsGetResponse,
  refuseUnknownProfileFields,
} from './model'
import { getProfile, getProfileStats, updateProfile } from './service'

/** The actor's own profile; every id comes from the session, never from the request. */
export const profileRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'profile' })
    .use(authGuard(ctx))
    .get(
      '/api/profile',
      async ({ actor }) => ({ success: true as const, data: await getProfile(ctx.db, actor) }),
      { response: profileResponse, auth: true, detail: { summary: 'The signed-in user’s profile' } },
    )
    .patch(
      '/api/profile',
      async ({ actor, body }) => ({ success: true as const, data: await updateProfile(ctx, actor, body) }),
      {
        response: profileResponse,
        auth: true,
        transform: refuseUnknownProfileFields,
        body: profilePatch,
        detail: { summary: 'Change name, bio, language, theme or notifications' },
      },
    )
    .get(
      '/api/profile/stats',
      async ({ actor }) => ({ success: true as const, data: await getProfileStats(ctx.db, actor) }),
      {
        response: profileStatsGetResponse,
        auth: true,
        detail: { summary: 'Total chats, messages sent and the join date' },
      },
    )
    .put(
      '/api/profile/avatar',
      async ({ actor, request }) => {
        // Read only after the session is checked, and never more than the limit allows.
        const form = await readLimitedForm(request, AVATAR_MAX_BYTES, avatarTooLarge)
        return { success: true as const, data: await replaceAvatar(ctx, actor, form.get('file')) }
      },
      {
        response: profileResponse,
        // The avatar is the account's face to others: support access may not change it (decision 117).
        accountSecurity: true,
        parse: 'none',
        detail: {
          summary: 'Upload a new avatar (multipart field `file`: PNG, JPEG, GIF or WebP, at most 5 MB)',
          requestBody: {
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
      },
    )
    .delete(
      '/api/profile/avatar',
      async ({ actor }) => ({ success: true as const, data: await removeAvatar(ctx, actor) }),
      { response: profileResponse, accountSecurity: true, detail: { summary: 'Remove the avatar' } },
    )
    .get('/api/avatars/:userId/:file', ({ params }) => sendAvatar(ctx, params.userId, params.file), {
      params: t.Object({ userId: t.String(), file: t.String() }),
      detail: { summary: 'A user’s current avatar image (public, cached forever)' },
    })
