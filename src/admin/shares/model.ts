import { t } from 'elysia'
import { ok } from '../../http/model'
import { shareJson } from '../../shares/model'

/** A link as the admin list shows it: its owner and its chat's title now. */
export const adminShareJson = t.Composite([
  shareJson,
  t.Object({ owner_email: t.String(), chat_title: t.String() }),
])

export const adminShareListResponse = ok(t.Array(adminShareJson))

export const sharingBody = t.Object({ publicLinks: t.Boolean() })
export const sharingResponse = ok(t.Object({ publicLinks: t.Boolean() }))
