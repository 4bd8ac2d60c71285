import { t } from 'elysia'
import { ok } from '../http/model'

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const groupsGetResponse = ok(
  t.Object({ groups: t.Array(t.Object({ id: t.String(), name: t.String() })) }),
)

/** `sharedGroupIds` of a prompt or a knowledge entry: the groups whose members may read it. */
export const sharedGroupIdsField = t.Array(t.String({ maxLength: 100 }), {
  maxItems: 100,
  error: 'sharedGroupIds must be a list of group ids',
})
