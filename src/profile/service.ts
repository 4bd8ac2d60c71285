import type { Db } from '../../db/client'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError, isAppError } from '../http/errors'
import { type Profile, type ProfilePatch, toProfile } from './model'
import { profileFor } from './profile-data'

/** The actor's own profile: while an administrator acts for a user, that user's. */
export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  return failWith('Failed to load profile', async () => toProfile(await findAccount(db, actor)))
}

export async function updateProfile(ctx: AppContext, actor: Actor, patch: ProfilePatch): Promise<Profile> {
  const profile = await failWith('Failed to update profile', async () => {
    const changes = {
      ...(patch.full_name !== undefined && { fullName: patch.full_name.trim() }),
      ...(patch.bio !== undefined && { bio: patch.bio.trim() }),
      ...(patch.preferred_language !== undefined && { preferredLanguage: patch.preferred_language }),
      ...(patch.theme_preference !== undefined && { themePreference: patch.theme_preference }),
      ...(patch.notifications_enabled !== undefined && { notificationsEnabled: patch.notifications_enabled }),
    }
    // An empty patch changes nothing, so it leaves updated_at alone and tells no one.
    if (Object.keys(changes).length === 0) return null
    const user = await profileFor(ctx.db, actor).update(changes, ctx.now())
    if (!user) throw noAccount()
    return toProfile(user)
  })
  if (!profile) return getProfile(ctx.db, actor)
  announceProfile(ctx, profile)
  return profile
}

/** 'Messages Sent' counts the user's own messages, not the assistant's replies in their chats. */
export async function getProfileStats(db: Db, actor: Actor) {
  return failWith('Failed to load profile', async () => {
    const user = await findAccount(db, actor)
    const counts = await profileFor(db, actor).counts()
    return {
      totalChats: counts.chats,
      totalMessages: counts.messagesSent,
      joinedDate: user.createdAt.toISOString(),
    }
  })
}

/** Every open tab of this user learns about the change (header, avatar, language). */
export function announceProfile(ctx: AppContext, profile: Profile) {
  ctx.realtime.toUser(profile.id, 'profile:updated', profile)
}

async function findAccount(db: Db, actor: Actor) {
  const user = await profileFor(db, actor).find()
  if (!user) throw noAccount()
  return user
}

export const noAccount = () => new AppError('unauthorized:profile', 'No authenticated user')

/** Expected refusals pass through; anything else becomes the spec's failure text, cause kept for the log. */
export async function failWith<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (cause) {
    if (isAppError(cause)) throw cause
    throw new AppError('internal:profile', message, { cause })
  }
}
