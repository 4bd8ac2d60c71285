import { t } from 'elysia'
import { ok } from '../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const transcribePostResponse = ok(t.Object({ text: t.String() }))
