import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import {
  adminUserListResponse,
  adminUserListResponse2,
  adminUsersPatchResponse,
  adminUsersPostResponse,
  adminUsersSessionsDeleteResponse,
  createUserBody,
  updateUserBody,
  userListQuery,
} from './model'
import {
  createUser,
  deleteUser,
  endUserSessions,
  getUser,
  listUsers,
  sendPasswordReset,
  updateUser,
} from './service'

/** /api/admin/users: every account, for administrators (admin role, never while impersonating). */
export const adminUserRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.users' })
    .use(authGuard(ctx))
    .get(
      '/users',
      async ({ actor, query }) => ({ success: true as const, data: await listUsers(ctx, actor, query) }),
      {
        response: adminUserListResponse,
        admin: true,
        query: userListQuery,
        detail: { summary: 'Search and list accounts (keyset-paged)' },
      },
    )
    .post(
      '/users',
      async ({ actor, user, body, request, server, set }) => {
        const created = await createUser(ctx, { actor, user }, body, { request, server })
        set.status = 201
        // Without a mail server the answer carries the set-password link: never kept by a cache.
        set.headers['cache-control'] = 'no-store'
        return { success: true as const, data: created }
      },
      {
        response: { 201: adminUsersPostResponse },
        admin: true,
        body: createUserBody,
        detail: {
          summary:
            'Create an account and mail a set-password link (returned instead when no mail server is configured)',
        },
      },
    )
    .get(
      '/users/:id',
      async ({ actor, params }) => ({ success: true as const, data: await getUser(ctx, actor, params.id) }),
      {
        response: adminUserListResponse2,
        admin: true,
        detail: { summary: 'One account with its sessions, counts and spend' },
      },
    )
    .patch(
      '/users/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateUser(ctx, { actor, user }, params.id, body, { request, server }),
      }),
      {
        response: adminUsersPatchResponse,
        admin: true,
        body: updateUserBody,
        detail: { summary: 'Change an account’s role or ban it' },
      },
    )
    .post(
      '/users/:id/password-reset',
      async ({ actor, user, params, request, server }) => {
        await sendPasswordReset(ctx, { actor, user }, params.id, { request, server })
        return { success: true as const }
      },
      { response: done, admin: true, detail: { summary: 'Mail the account a password-reset link' } },
    )
    .delete(
      '/users/:id/sessions',
      async ({ actor, user, params, request, server }) => ({
        success: true as const,
        data: await endUserSessions(ctx, { actor, user }, params.id, { request, server }),
      }),
      {
        response: adminUsersSessionsDeleteResponse,
        admin: true,
        detail: { summary: 'Sign the account out everywhere' },
      },
    )
    .delete(
      '/users/:id',
      async ({ actor, user, params, request, server }) => {
        await deleteUser(ctx, { actor, user }, params.id, { request, server })
        return { success: true as const }
      },
      { response: done, admin: true, detail: { summary: 'Delete the account and all its data' } },
    )
