import { Elysia, t } from 'elysia'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { authGuard } from '../../auth/guard'
import { readOrgSettingsRow } from '../../budget/org-settings-data'
import type { AppContext } from '../../context'
import { ragMinSimilarity } from '../../knowledge/search'
import { knowledgeStatus } from '../../knowledge/service'
import { adminKnowledgeData } from './knowledge-settings-data'
import { adminKnowledgeResponse } from './model'

const settingsBody = t.Object({
  /** 0..1; null returns it to RAG_MIN_SIMILARITY. */
  ragMinSimilarity: t.Union([t.Number({ minimum: 0, maximum: 1 }), t.Null()], {
    error: 'The minimum similarity must be a number between 0 and 1',
  }),
})

async function settingsJson(ctx: AppContext) {
  const row = await readOrgSettingsRow(ctx.db)
  return {
    ragMinSimilarity: await ragMinSimilarity(ctx),
    source: row?.ragMinSimilarity != null ? ('setting' as const) : ('environment' as const),
    environmentValue: ctx.config.ai.ragMinSimilarity,
    ...(await knowledgeStatus(ctx)),
  }
}

async function updateSettings(
  ctx: AppContext,
  admin: Actor & { email: string },
  value: number | null,
  origin: RequestOrigin,
) {
  await ctx.db.transaction(async (tx) => {
    const data = adminKnowledgeData(tx)
    const before = await data.lock()
    await data.setRagMinSimilarity(value, ctx.now())
    if (before.ragMinSimilarity !== value) {
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: 'knowledge.settings_update',
          targetType: 'organisation',
          targetId: null,
          details: { changes: { ragMinSimilarity: { from: before.ragMinSimilarity, to: value } } },
        },
        origin,
      )
    }
  })
  return settingsJson(ctx)
}

/**
 * /api/admin/knowledge: the knowledge answers' minimum similarity (RAG_MIN_SIMILARITY until set),
 * and whether search uses vectors. Admins only, audited.
 */
export const adminKnowledgeRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.knowledge', prefix: '/knowledge' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await settingsJson(ctx) }), {
      response: adminKnowledgeResponse,
      admin: true,
      detail: { summary: 'The knowledge settings and search mode' },
    })
    .put(
      '/',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateSettings(ctx, { ...actor, email: user.email }, body.ragMinSimilarity, {
          request,
          server,
        }),
      }),
      {
        response: adminKnowledgeResponse,
        admin: true,
        body: settingsBody,
        detail: { summary: 'Set the knowledge answers’ minimum similarity' },
      },
    )
