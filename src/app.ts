import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { accountRoutes } from './account'
import { accountExportRoutes } from './account-export'
import { adminRoutes } from './admin'
import { agentRoutes } from './agents'
import { apiKeyRoutes } from './api-keys'
import { attachmentRoutes } from './attachments'
import { authRoutes } from './auth'
import { accessGate, indexRouteAccess } from './auth/guard'
import { brandingRoutes } from './branding'
import { budgetRoutes } from './budget'
import { chatRoutes } from './chats'
import type { AppContext } from './context'
import { demoRoutes } from './demo'
import { dictationRoutes } from './dictation'
import { feedbackRoutes } from './feedback'
import { groupRoutes } from './groups'
import { healthRoutes } from './health'
import { apiDocsPage } from './http/api-docs'
import { httpBase, SOCKET_IO_PATH } from './http/base'
import { identityRoutes } from './identity'
import { imageRoutes } from './images'
import { impersonationRoutes } from './impersonation'
import { importRoutes } from './imports'
import { knowledgeRoutes } from './knowledge'
import { messageRoutes } from './messages'
import { modelRoutes } from './models'
import { openAiRoutes } from './openai-api'
import { profileRoutes } from './profile'
import { projectRoutes } from './projects'
import { promptRoutes } from './prompts'
import { researchRoutes } from './research'
import { retentionRoutes } from './retention'
import { scimRoutes } from './scim'
import { searchRoutes } from './search'
import { shareRoutes } from './shares'
import { toolRoutes } from './tools'
import { webClient } from './web-client'

export interface AppOptions {
  vector: boolean
  /** The socket.io engine; requests to /socket.io/ are handed to it. */
  socketEngine?: {
    handleRequest(request: Request, server: Bun.Server<unknown>): Response | Promise<Response>
  }
}

/** Composes the feature plugins into the one Elysia app. Tests build it around a fresh database. */
export function createApp(ctx: AppContext, options: AppOptions) {
  const app = new Elysia()
    // First: a route's access is checked before its body's content (docs/decisions/141-request-order.md).
    .use(accessGate(ctx))
    .use(httpBase(ctx))
    // The spec only (/api/docs/json): the plugin's own page loads Scalar from a CDN; ours is local.
    .use(
      openapi({
        path: '/api/docs',
        provider: null,
        documentation: { info: { title: 'Parley API', version: '1' } },
      }),
    )
    .use(apiDocsPage())
    .use(healthRoutes(ctx, { vector: options.vector }))
    .use(brandingRoutes(ctx))
    .use(demoRoutes(ctx))
    .use(profileRoutes(ctx))
    .use(authRoutes(ctx))
    .use(identityRoutes(ctx))
    .use(accountRoutes(ctx))
    .use(impersonationRoutes(ctx))
    .use(attachmentRoutes(ctx))
    .use(chatRoutes(ctx))
    .use(projectRoutes(ctx))
    .use(messageRoutes(ctx))
    .use(feedbackRoutes(ctx))
    .use(modelRoutes(ctx))
    .use(promptRoutes(ctx))
    .use(imageRoutes(ctx))
    .use(dictationRoutes(ctx))
    .use(knowledgeRoutes(ctx))
    .use(agentRoutes(ctx))
    .use(researchRoutes(ctx))
    .use(searchRoutes(ctx))
    .use(budgetRoutes(ctx))
    .use(groupRoutes(ctx))
    .use(scimRoutes(ctx))
    // Grouped: one more `.use` on this chain made the App type too deep for tsc (TS2589).
    .use(
      new Elysia({ name: 'keys-and-shares' })
        .use(apiKeyRoutes(ctx))
        .use(shareRoutes(ctx))
        .use(importRoutes(ctx))
        .use(accountExportRoutes(ctx))
        .use(retentionRoutes(ctx))
        .use(toolRoutes(ctx)),
    )
    .use(adminRoutes(ctx))
    // The team API (issue 31): OpenAI's routes and error shape, on personal keys only.
    .use(openAiRoutes(ctx))

  const engine = options.socketEngine
  if (engine) {
    app.all(SOCKET_IO_PATH, ({ request, server }) => engine.handleRequest(request, server!))
  }
  // Last: its catch-all GET serves the React client for every path the API does not own.
  const composed = app.use(webClient(ctx))
  indexRouteAccess(ctx, composed.routes)
  return composed
}

export type App = ReturnType<typeof createApp>
