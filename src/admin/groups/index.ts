import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import {
  createGroupBody,
  doneResponse,
  groupDetailResponse,
  groupParams,
  groupResponse,
  groupsListResponse,
  memberParams,
  updateGroupBody,
} from './model'
import {
  addMember,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  removeMember,
  updateGroup,
} from './service'

/** Admin › Groups: groups, their members, models, agents and limits (issue 29; admins only, audited). */
export const adminGroupRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.groups', prefix: '/groups' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await listGroups(ctx) }), {
      response: groupsListResponse,
      admin: true,
      detail: { summary: 'Every group, by name, with its member count' },
    })
    .post(
      '/',
      async ({ actor, user, body, request, server, set }) => {
        const data = await createGroup(ctx, { ...actor, email: user.email }, body, { request, server })
        set.status = 201
        return { success: true as const, data }
      },
      {
        response: { 201: groupResponse },
        admin: true,
        body: createGroupBody,
        detail: {
          summary: 'Create a group (models/agents null: all allowed; a limit null: none set, 0: no limit)',
        },
      },
    )
    .get('/:id', async ({ params }) => ({ success: true as const, data: await getGroup(ctx, params.id) }), {
      response: groupDetailResponse,
      admin: true,
      params: groupParams,
      detail: { summary: 'A group and its members, with how each joined' },
    })
    .patch(
      '/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateGroup(ctx, { ...actor, email: user.email }, params.id, body, { request, server }),
      }),
      {
        response: groupResponse,
        admin: true,
        params: groupParams,
        body: updateGroupBody,
        detail: { summary: 'Change a group (a field left out stays)' },
      },
    )
    .delete(
      '/:id',
      async ({ actor, user, params, request, server }) => {
        await deleteGroup(ctx, { ...actor, email: user.email }, params.id, { request, server })
        return { success: true as const }
      },
      {
        response: doneResponse,
        admin: true,
        params: groupParams,
        detail: { summary: 'Delete a group: its memberships go, its members stay' },
      },
    )
    .put(
      '/:id/members/:userId',
      async ({ actor, user, params, request, server }) => {
        await addMember(ctx, { ...actor, email: user.email }, params.id, params.userId, { request, server })
        return { success: true as const }
      },
      {
        response: doneResponse,
        admin: true,
        params: memberParams,
        detail: { summary: 'Add a person to a group by hand (a synced membership becomes a hand-added one)' },
      },
    )
    .delete(
      '/:id/members/:userId',
      async ({ actor, user, params, request, server }) => {
        await removeMember(ctx, { ...actor, email: user.email }, params.id, params.userId, {
          request,
          server,
        })
        return { success: true as const }
      },
      {
        response: doneResponse,
        admin: true,
        params: memberParams,
        detail: { summary: 'Take a person out of a group' },
      },
    )
