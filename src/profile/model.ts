import { t } from 'elysia'
import type { User } from '../../db/schema'
import { IMAGE_MAX_BYTES } from '../files/image-upload'
import { ok } from '../http/model'
import { refuseUnknownFields } from '../http/refuse-unknown-fields'

/** The spec's `profiles` row (section 3), in its snake_case names, as the API and sockets send it. */
export function toProfile(user: Omit<User, 'passwordHash'>) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    avatar_url: user.avatarUrl,
    bio: user.bio,
    preferred_language: user.preferredLanguage,
    theme_preference: user.themePreference,
    notifications_enabled: user.notificationsEnabled,
    role: user.role,
    is_banned: user.isBanned,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  }
}

export type Profile = ReturnType<typeof toProfile>

export const PROFILE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const

/** An account's language, as a profile update and a sign-up name it. */
export const languageField = t.Union(
  // Written out so the static type is the six codes (a mapped array types as unknown[]).
  [t.Literal('en'), t.Literal('es'), t.Literal('fr'), t.Literal('de'), t.Literal('it'), t.Literal('pt')],
  { error: `Language must be one of ${PROFILE_LANGUAGES.join(', ')}` },
)

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
    preferred_language: t.Optional(languageField),
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

/** A profile update names only these fields; `role` or `avatar_url` is refused, not dropped. */
export const refuseUnknownProfileFields = refuseUnknownFields(profilePatch, 'profile', {
  avatar_url: 'upload an avatar instead',
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const preferredLanguage = t.Union([
  t.Literal('en'),
  t.Literal('es'),
  t.Literal('fr'),
  t.Literal('de'),
  t.Literal('it'),
  t.Literal('pt'),
])

export const themePreference = t.Union([t.Literal('light'), t.Literal('dark'), t.Literal('system')])

export const profileJson = t.Object({
  id: t.String(),
  email: t.String(),
  full_name: t.String(),
  avatar_url: t.Nullable(t.String()),
  bio: t.String(),
  preferred_language: preferredLanguage,
  theme_preference: themePreference,
  notifications_enabled: t.Boolean(),
  role: t.Union([t.Literal('admin'), t.Literal('user')]),
  is_banned: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})

export const profileResponse = ok(profileJson)

export const profileStatsGetResponse = ok(
  t.Object({ totalChats: t.Number(), totalMessages: t.Number(), joinedDate: t.String() }),
)
