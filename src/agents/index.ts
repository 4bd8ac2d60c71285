import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { disconnectCalendar, finishCalendarConnect, startCalendarConnect } from './calendar-oauth'
import {
  agentListResponse,
  agentResponse,
  calendarConnectPostResponse,
  oauthBody,
  settingsBody,
} from './model'
import { agentOf, listAgents, saveCalendarOauth, updateAgentSettings } from './service'

/**
 * /api/agents: the agents the organisation offers with the user's settings, and the calendar
 * agent's OAuth client and connection (docs/decisions/124). Saving OAuth secrets and connecting a
 * calendar are the account's own person's (refused while impersonating, like account security).
 */
export const agentRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'agents', prefix: '/api/agents' })
    .use(authGuard(ctx))
    .get('/', async ({ actor }) => ({ success: true as const, data: await listAgents(ctx, actor) }), {
      response: agentListResponse,
      auth: true,
      detail: { summary: 'The agents offered, with my settings' },
    })
    .put(
      '/calendar/oauth',
      async ({ actor, body }) => ({
        success: true as const,
        data: await saveCalendarOauth(ctx, actor, body),
      }),
      {
        response: agentResponse,
        accountSecurity: true,
        body: oauthBody,
        detail: { summary: 'Save the calendar agent’s OAuth client (the secret is never returned)' },
      },
    )
    .post(
      '/calendar/connect',
      async ({ actor }) => ({ success: true as const, data: await startCalendarConnect(ctx, actor) }),
      {
        response: calendarConnectPostResponse,
        accountSecurity: true,
        detail: { summary: 'Start connecting a calendar: the provider’s URL' },
      },
    )
    .get(
      '/calendar/callback',
      async ({ actor, query }) => {
        const outcome = await finishCalendarConnect(ctx, actor, query as Record<string, string | undefined>)
        return new Response(null, { status: 302, headers: { location: `/?calendar=${outcome}` } })
      },
      {
        accountSecurity: true,
        detail: { summary: 'Where the calendar provider sends the browser back; redirects to the app' },
      },
    )
    .delete(
      '/calendar/connection',
      async ({ actor }) => {
        await disconnectCalendar(ctx, actor)
        return { success: true as const, data: await agentOf(ctx, actor, 'calendar') }
      },
      {
        response: agentResponse,
        accountSecurity: true,
        detail: { summary: 'Disconnect the calendar (tokens revoked and forgotten)' },
      },
    )
    .put(
      '/:id/settings',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updateAgentSettings(ctx, actor, params.id, body),
      }),
      {
        response: agentResponse,
        auth: true,
        body: settingsBody,
        detail: { summary: 'Enable, hide or configure one agent' },
      },
    )
