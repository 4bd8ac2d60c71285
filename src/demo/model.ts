import { t } from 'elysia'
import { ok } from '../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const demoGetResponse = ok(t.Nullable(t.Object({ email: t.String(), password: t.String() })))
