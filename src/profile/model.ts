import { t } from 'elysia'
import { IMAGE_MAX_BYTES } from '../files/image-upload'
import { AppError } from '../http/errors'

export const PROFILE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const
export const THEMES = ['light', 'dark', 'system'] as const
export const FULL_NAME_MAX = 100
export const BIO_MAX = 1000

/** Spec section 9: avatars are images of at most 5 MB. */
export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES

/** The fields a user may change on their own profile; avatar_url moves only with an upload. */
export const profilePatch = t.Object(
  {
    full_name: t.Optional(
      t.String({
        maxLength: FULL_NAME_MAX,
        error: `Full name must be text of at most ${FULL_NAME_MAX} characters`,
      }),
    ),
    bio: t.Optional(
      t.String({ maxLength: BIO_MAX, error: `Bio must be text of at most ${BIO_MAX} characters` }),
    ),
    preferred_language: t.Optional(
      t.Union(
        // Written out so the static type is the six codes (a mapped array types as unknown[]).
        [
          t.Literal('en'),
          t.Literal('es'),
          t.Literal('fr'),
          t.Literal('de'),
          t.Literal('it'),
          t.Literal('pt'),
        ],
        { error: `Language must be one of ${PROFILE_LANGUAGES.join(', ')}` },
      ),
    ),
    theme_preference: t.Optional(
      t.Union([t.Literal('light'), t.Literal('dark'), t.Literal('system')], {
        error: 'Theme must be light, dark or system',
      }),
    ),
    notifications_enabled: t.Optional(t.Boolean({ error: 'notifications_enabled must be true or false' })),
  },
  { additionalProperties: false },
)

export type ProfilePatch = typeof profilePatch.static

const PATCHABLE = new Set(Object.keys(profilePatch.properties))

/**
 * Elysia quietly drops unknown properties while validating; a profile update must refuse them
 * instead, so a client that sends `role` or `avatar_url` learns it was not applied. Runs as the
 * route's `transform`, before validation.
 */
export function refuseUnknownProfileFields({ body }: { body: unknown }) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('bad_request:profile', 'Expected a JSON object of profile fields')
  }
  for (const field of Object.keys(body)) {
    if (field === 'avatar_url') {
      throw new AppError('bad_request:profile', 'avatar_url cannot be set here; upload an avatar instead')
    }
    if (!PATCHABLE.has(field)) throw new AppError('bad_request:profile', `Unknown profile field: ${field}`)
  }
}
