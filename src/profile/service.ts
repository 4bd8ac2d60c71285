import { and, count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chats, messages, type User, users } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError, isAppError } from '../http/errors'
import type { ProfilePatch } from './model'

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

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  return failWith('Failed to load profile', async () => toProfile(await findAccount(db, userId)))
}

export async function updateProfile(ctx: AppContext, userId: string, patch: ProfilePatch): Promise<Profile> {
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
    const [user] = await ctx.db
      .update(users)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(users.id, userId))
      .returning()
    if (!user) throw noAccount()
    return toProfile(user)
  })
  if (!profile) return getProfile(ctx.db, userId)
  announceProfile(ctx, profile)
  return profile
}

/** 'Messages Sent' counts the user's own messages, not the assistant's replies in their chats. */
export async function getProfileStats(db: Db, userId: string) {
  return failWith('Failed to load profile', async () => {
    const user = await findAccount(db, userId)
    const [chatCount] = await db.select({ value: count() }).from(chats).where(eq(chats.userId, userId))
    const [messageCount] = await db
      .select({ value: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.isUser, true)))
    return {
      totalChats: chatCount?.value ?? 0,
      totalMessages: messageCount?.value ?? 0,
      joinedDate: user.createdAt.toISOString(),
    }
  })
}

/** Every open tab of this user learns about the change (header, avatar, language). */
export function announceProfile(ctx: AppContext, profile: Profile) {
  ctx.realtime.toUser(profile.id, 'profile:updated', profile)
}

async function findAccount(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw noAccount()
  return user
}

const noAccount = () => new AppError('unauthorized:profile', 'No authenticated user')

/** Expected refusals pass through; anything else becomes the spec's failure text, cause kept for the log. */
export async function failWith<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (cause) {
    if (isAppError(cause)) throw cause
    throw new AppError('internal:profile', message, { cause })
  }
}
