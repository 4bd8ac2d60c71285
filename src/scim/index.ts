import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { authenticateScim } from './auth'
import { readScimBody } from './body'
import { resourceTypes, schemas, serviceProviderConfig } from './discovery'
import { notFound, SCIM_PREFIX, scimErrorResponse, scimJson, toScimError } from './errors'
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './groups'
import { type ListQuery, listResponse } from './list'
import { createUser, deactivateUser, getUser, listUsers, patchUser, replaceUser } from './users'

type Work = (request: Request, params: Record<string, string>) => Promise<Response>

/** The list parameters of the request's query string (repeated ones: the first). */
function listQuery(request: Request): ListQuery {
  const search = new URL(request.url).searchParams
  const value = (name: string) => search.get(name) ?? undefined
  return {
    filter: value('filter'),
    startIndex: value('startIndex'),
    count: value('count'),
    attributes: value('attributes'),
    excludedAttributes: value('excludedAttributes'),
  }
}

const created = (resource: { meta: { location: string } }) =>
  scimJson(201, resource, { location: resource.meta.location })
const noContent = () => new Response(null, { status: 204 })

/**
 * SCIM 2.0 provisioning under /scim/v2 (issue 29, RFC 7643/7644), behind a bearer token made in
 * Admin › Sign-in. Outside the app's session auth and its `{success, data}` envelope: every answer
 * is `application/scim+json`, every refusal SCIM's error shape. Each route checks the token
 * first, then reads its own body (readScimBody), so a stranger's body is never read.
 */
export const scimRoutes = (ctx: AppContext) => {
  const scim =
    (work: Work) =>
    async ({ request, params }: { request: Request; params?: Record<string, string> }) => {
      try {
        await authenticateScim(ctx, request)
        return await work(request, params ?? {})
      } catch (error) {
        const scimError = toScimError(error)
        if (scimError) return scimErrorResponse(scimError.status, scimError.detail, scimError.scimType)
        ctx.log.error('scim request failed', { path: new URL(request.url).pathname, error })
        return scimErrorResponse(500, 'An unexpected error occurred')
      }
    }
  const ok = (body: unknown) => scimJson(200, body)
  const unknownEndpoint = scim(async () => {
    throw notFound('Not found')
  })
  const id = (params: Record<string, string>) => params.id ?? ''

  return (
    new Elysia({ name: 'scim', prefix: SCIM_PREFIX })
      // Not part of the app's API document: SCIM clients read /ServiceProviderConfig, /Schemas instead.
      .guard({ detail: { hide: true } })
      .get(
        '/ServiceProviderConfig',
        scim(async () => ok(serviceProviderConfig(ctx))),
      )
      .get(
        '/ResourceTypes',
        scim(async () => {
          const types = resourceTypes(ctx)
          return ok(listResponse(types.length, 1, types))
        }),
      )
      .get(
        '/ResourceTypes/:id',
        scim(async (_request, params) => {
          const type = resourceTypes(ctx).find((item) => item.id === id(params))
          if (!type) throw notFound('Resource type not found')
          return ok(type)
        }),
      )
      .get(
        '/Schemas',
        scim(async () => {
          const all = schemas(ctx)
          return ok(listResponse(all.length, 1, all))
        }),
      )
      .get(
        '/Schemas/:id',
        scim(async (_request, params) => {
          const schema = schemas(ctx).find((item) => item.id === id(params))
          if (!schema) throw notFound('Schema not found')
          return ok(schema)
        }),
      )
      .get(
        '/Users',
        scim(async (request) => ok(await listUsers(ctx, listQuery(request)))),
      )
      .post(
        '/Users',
        scim(async (request) => created(await createUser(ctx, await readScimBody(request)))),
      )
      .get(
        '/Users/:id',
        scim(async (_request, params) => ok(await getUser(ctx, id(params)))),
      )
      .put(
        '/Users/:id',
        scim(async (request, params) => ok(await replaceUser(ctx, id(params), await readScimBody(request)))),
      )
      .patch(
        '/Users/:id',
        scim(async (request, params) => ok(await patchUser(ctx, id(params), await readScimBody(request)))),
      )
      .delete(
        '/Users/:id',
        scim(async (request, params) => {
          await readScimBody(request, { optional: true })
          await deactivateUser(ctx, id(params))
          return noContent()
        }),
      )
      .get(
        '/Groups',
        scim(async (request) => ok(await listGroups(ctx, listQuery(request)))),
      )
      .post(
        '/Groups',
        scim(async (request) => created(await createGroup(ctx, await readScimBody(request)))),
      )
      .get(
        '/Groups/:id',
        scim(async (request, params) => ok(await getGroup(ctx, id(params), listQuery(request)))),
      )
      .put(
        '/Groups/:id',
        scim(async (request, params) => ok(await replaceGroup(ctx, id(params), await readScimBody(request)))),
      )
      .patch(
        '/Groups/:id',
        scim(async (request, params) => {
          await patchGroup(ctx, id(params), await readScimBody(request))
          return noContent()
        }),
      )
      .delete(
        '/Groups/:id',
        scim(async (request, params) => {
          await readScimBody(request, { optional: true })
          await deleteGroup(ctx, id(params))
          return noContent()
        }),
      )
      // Anything else under /scim/v2 (Bulk, /Me, a wrong method): SCIM's 404, not the web client's
      // page. GET and HEAD are named: a method's own route wins over `all`, and the web client's
      // catch-all is a GET.
      .get('/*', unknownEndpoint)
      .get('', unknownEndpoint)
      .all('/*', unknownEndpoint)
      .all('', unknownEndpoint)
  )
}
