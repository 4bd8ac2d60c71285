import { t } from 'elysia'
import { ok } from '../http/model'

/**
 * Why a sign-in through a provider was refused: the callback answers 302 to
 * `/login?signInError=<code>` and the sign-in card shows the code's message (issue 29 contract).
 */
export const signInErrorCodes = [
  'state',
  'denied',
  'invalid',
  'unavailable',
  'unverified',
  'domain',
  'closed',
  'suspended',
  'email',
] as const
export type SignInErrorCode = (typeof signInErrorCodes)[number]

/** A refusal on the way through the callback; caught by the route and turned into the redirect. */
export class SignInRefused extends Error {
  constructor(
    readonly code: SignInErrorCode,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options)
    this.name = 'SignInRefused'
  }
}

export const providersGetResponse = ok(
  t.Object({
    password: t.Boolean(),
    signup: t.Boolean(),
    providers: t.Array(t.Object({ id: t.String(), label: t.String() })),
  }),
)

export const providerParams = t.Object({ id: t.String({ maxLength: 100 }) })

/** Strings, checked in the handler: a wrong `returnTo` or `lang` falls back rather than failing the sign-in. */
export const startQuery = t.Object({
  returnTo: t.Optional(t.String({ maxLength: 2000 })),
  lang: t.Optional(t.String({ maxLength: 20 })),
})

/** Whatever the provider (or someone else) sent back; every parameter is read by openid-client. */
export const callbackQuery = t.Record(t.String(), t.String({ maxLength: 8000 }))
