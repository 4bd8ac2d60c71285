import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import type { AppContext } from '../../context'
import { toShareJson } from '../../shares/service'
import { publicLinksAllowed, setPublicLinks, sharesData } from '../../shares/shares-data'

/** `GET /api/admin/shares`: every link, newest first (the latest 500). */
export async function listAllShares(ctx: AppContext) {
  const rows = await sharesData(ctx.db).all()
  return rows.map(({ share, ownerEmail, chatTitle }) => ({
    ...toShareJson(share),
    owner_email: ownerEmail,
    chat_title: chatTitle,
  }))
}

export async function getSharing(ctx: AppContext) {
  return { publicLinks: await publicLinksAllowed(ctx.db) }
}

/** `PUT /api/admin/sharing`: public links on or off; off stops every public link at once (read uncached). */
export async function updateSharing(
  ctx: AppContext,
  admin: Actor & { email: string },
  body: { publicLinks: boolean },
  origin: RequestOrigin,
) {
  await ctx.db.transaction(async (tx) => {
    const before = await publicLinksAllowed(tx)
    await setPublicLinks(tx, body.publicLinks, ctx.now())
    if (before !== body.publicLinks)
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: 'sharing.update',
          targetType: 'organisation',
          targetId: null,
          details: { changes: { publicLinks: { from: before, to: body.publicLinks } } },
        },
        origin,
      )
  })
  ctx.orgSettings.forget()
  return { publicLinks: body.publicLinks }
}
