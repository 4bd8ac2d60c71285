import { Elysia } from 'elysia'
import { announceEnded, impersonationData } from '../access/support-access'
import { endImpersonations } from '../access/support-access-data'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { authGuard } from './guard'
import {
  AuthModel,
  confirmGetResponse,
  emailPatchResponse,
  forgotPasswordPostResponse,
  loginPostResponse,
  logoutPostResponse,
  meGetResponse,
  signupPostResponse,
  toPublicUser,
} from './model'
import { perIpAndEmail, perUserAndIp, rateLimit } from './rate-limit'
import {
  changePassword,
  confirmEmail,
  logIn,
  RESET_REQUESTED,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  signUp,
} from './service'
import { clearedSessionCookie, endSessions, sessionCookie } from './session'
import { rejectUnknownFields } from './strict-body'

/** Sign-up, sign-in and the account's credentials (DESIGN.md "HTTP contract"). */
export const authRoutes = (ctx: AppContext) => {
  const secure = ctx.config.appUrl.startsWith('https:')
  const limits = ctx.config.rateLimits

  return new Elysia({ name: 'auth', prefix: '/api/auth' })
    .use(authGuard(ctx))
    .use(rateLimit(ctx))
    .post(
      '/signup',
      async ({ body, set, request }) => {
        const result = await signUp(ctx, body)
        if (result.token && result.session) {
          set.headers['set-cookie'] = sessionCookie(result.token, result.session.expiresAt, secure)
        }
        return {
          success: true as const,
          data: {
            user: result.user,
            token: tokenForClient(request, result.token),
            confirmationRequired: result.confirmationRequired,
          },
        }
      },
      {
        response: signupPostResponse,
        body: AuthModel.signup,
        transform: rejectUnknownFields(AuthModel.signup),
        originIfPresent: true,
        rateLimit: perIpAndEmail('signup', limits.signup, 'address'),
        detail: { summary: 'Create an account (the first one becomes admin)' },
      },
    )
    .post(
      '/login',
      async ({ body, set, request }) => {
        const { user, token, session } = await logIn(ctx, body)
        set.headers['set-cookie'] = sessionCookie(token, session.expiresAt, secure)
        return { success: true as const, data: { user, token: tokenForClient(request, token) } }
      },
      {
        response: loginPostResponse,
        body: AuthModel.login,
        transform: rejectUnknownFields(AuthModel.login),
        originIfPresent: true,
        // Per address *and IP*: a global per-address counter would let anyone lock a colleague out.
        rateLimit: perIpAndEmail('login', limits.login, 'ip+address'),
        detail: { summary: 'Sign in with e-mail and password' },
      },
    )
    .post(
      '/logout',
      async ({ actor, session, set }) => {
        // Signing out of a support session ends the access itself (it would run on unseen otherwise).
        if (actor.impersonation)
          announceEnded(
            ctx,
            await endImpersonations(ctx.db, { id: actor.impersonation.id }, 'signed_out', ctx.now()),
            'signed_out',
          )
        await endSessions(ctx, { sessionId: session.id })
        set.headers['set-cookie'] = clearedSessionCookie(secure)
        // A browser then goes back to the admin's own session (DELETE /api/impersonation swaps the
        // parked cookie back in), as after Stop: the admin is not signed out of Parley.
        return { success: true as const, data: { supportAccessEnded: actor.impersonation !== null } }
      },
      {
        response: logoutPostResponse,
        auth: true,
        detail: {
          summary:
            'End this session (a support session: ends the access; the browser then returns to the admin’s own session through DELETE /api/impersonation)',
        },
      },
    )
    .get(
      '/me',
      ({ actor, user }) => ({
        success: true as const,
        data: {
          user: toPublicUser(user),
          // Support access: the banner's data (GET /api/impersonation answers the same).
          impersonation: actor.impersonation ? impersonationData(actor.impersonation, user) : null,
        },
      }),
      {
        response: meGetResponse,
        auth: true,
        detail: { summary: 'The signed-in account (the target’s while impersonating)' },
      },
    )
    .post(
      '/forgot-password',
      async ({ body }) => {
        await requestPasswordReset(ctx, body.email)
        return { success: true as const, message: RESET_REQUESTED }
      },
      {
        response: forgotPasswordPostResponse,
        body: AuthModel.forgotPassword,
        transform: rejectUnknownFields(AuthModel.forgotPassword),
        originIfPresent: true,
        rateLimit: perIpAndEmail('forgot-password', limits.forgotPassword, 'address'),
        detail: { summary: 'Mail a password-reset link (same answer whether or not the account exists)' },
      },
    )
    .post(
      '/reset-password',
      async ({ body }) => {
        await resetPassword(ctx, body)
        return { success: true as const }
      },
      {
        response: done,
        body: AuthModel.resetPassword,
        transform: rejectUnknownFields(AuthModel.resetPassword),
        detail: { summary: 'Set a new password from a reset link; ends every session' },
      },
    )
    .get(
      '/confirm',
      async ({ query }) => ({ success: true as const, data: await confirmEmail(ctx, query.token) }),
      {
        response: confirmGetResponse,
        query: AuthModel.confirm,
        detail: { summary: 'Follow an e-mail confirmation or e-mail change link' },
      },
    )
    .patch(
      '/password',
      async ({ body, user, session }) => {
        await changePassword(ctx, user.id, session, body)
        return { success: true as const }
      },
      {
        response: done,
        accountSecurity: true,
        body: AuthModel.changePassword,
        transform: rejectUnknownFields(AuthModel.changePassword),
        // Guessing the current password through a borrowed session is held like sign-in.
        rateLimit: perUserAndIp('current-password', limits.login),
        detail: { summary: 'Change the password (needs the current one); other sessions end' },
      },
    )
    .patch(
      '/email',
      async ({ body, user }) => ({
        success: true as const,
        data: await requestEmailChange(ctx, user, body),
      }),
      {
        response: emailPatchResponse,
        accountSecurity: true,
        body: AuthModel.changeEmail,
        transform: rejectUnknownFields(AuthModel.changeEmail),
        rateLimit: perUserAndIp('current-password', limits.login),
        detail: {
          summary:
            'Ask to change the e-mail address (needs the current password); confirmed from the new address',
        },
      },
    )
}

/**
 * The session token goes in the JSON body only to clients that are not web pages, told apart by
 * the absence of an Origin header: every browser sends one with a POST and page script cannot
 * remove it, so a script injected into the page never sees a token (the httpOnly cookie is the
 * browser's credential). See docs/decisions/100-session-token-not-in-page.md.
 */
function tokenForClient(request: Request, token: string | undefined): string | undefined {
  return request.headers.has('origin') ? undefined : token
}
