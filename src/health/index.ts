import { Elysia } from 'elysia'
import pkg from '../../package.json'
import type { AppContext } from '../context'
import { healthResponse } from './model'

export const healthRoutes = (ctx: AppContext, info: { vector: boolean }) =>
  new Elysia({ name: 'health' }).get(
    '/api/health',
    () => ({ ok: true as const, db: ctx.database.kind, vector: info.vector, version: pkg.version }),
    { response: healthResponse, detail: { summary: 'Liveness and database kind' } },
  )
