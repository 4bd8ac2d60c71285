import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import {
  createProjectBody,
  deleteProjectQuery,
  projectDeleteResponse,
  projectListResponse,
  projectResponse,
  updateProjectBody,
} from './model'
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service'

/** A person's projects (issue 28): named sets of chats with instructions sent before each chat's own. */
export const projectRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'projects' })
    .use(authGuard(ctx))
    .get(
      '/api/projects',
      async ({ actor }) => ({ success: true as const, data: await listProjects(ctx, actor) }),
      {
        response: projectListResponse,
        auth: true,
        detail: { summary: 'List projects, oldest first, with how many chats each holds' },
      },
    )
    .post(
      '/api/projects',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await createProject(ctx, actor, body) }
      },
      {
        response: { 201: projectResponse },
        auth: true,
        body: createProjectBody,
        detail: { summary: 'Create a project' },
      },
    )
    .get(
      '/api/projects/:id',
      async ({ actor, params }) => ({
        success: true as const,
        data: await getProject(ctx, actor, params.id),
      }),
      { response: projectResponse, auth: true, detail: { summary: 'One project' } },
    )
    .patch(
      '/api/projects/:id',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updateProject(ctx, actor, params.id, body),
      }),
      {
        response: projectResponse,
        auth: true,
        body: updateProjectBody,
        detail: { summary: 'Rename a project or change its instructions' },
      },
    )
    .delete(
      '/api/projects/:id',
      async ({ actor, params, query }) => ({
        success: true as const,
        data: await deleteProject(ctx, actor, params.id, query.chats === 'delete'),
      }),
      {
        response: projectDeleteResponse,
        auth: true,
        query: deleteProjectQuery,
        detail: {
          summary:
            'Delete a project: its chats move out (chats=keep, the default) or go with it (chats=delete)',
        },
      },
    )
