import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { groupsGetResponse } from './model'
import { shareableGroups } from './sharing'

/** The groups a signed-in person may share with (issue 29). */
export const groupRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'groups' })
    .use(authGuard(ctx))
    .get(
      '/api/groups',
      async ({ actor }) => ({ success: true as const, data: { groups: await shareableGroups(ctx, actor) } }),
      {
        response: groupsGetResponse,
        auth: true,
        detail: {
          summary: 'The groups I may share prompts and knowledge entries with (an administrator: all)',
        },
      },
    )
