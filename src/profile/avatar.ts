import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import { and, eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { AppContext } from '../context'
import { detectImageType, imageMimeFromKey } from '../files/image-type'
import { sendStoredFile } from '../files/send-stored-file'
import { AppError } from '../http/errors'
import { AVATAR_MAX_BYTES } from './model'
import { announceProfile, failWith, getProfile, type Profile, toProfile } from './service'

export const NOT_AN_IMAGE = 'Please select an image file'
export const avatarTooLarge = () => new AppError('payload_too_large:avatar', 'Image must be smaller than 5MB')

const AVATAR_FILE = /^avatar-[a-z2-7]{16,64}\.(png|jpg|gif|webp)$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Public, and it never changes: a new upload gets a new random name, so caches can keep it forever. */
export const avatarUrlOf = (userId: string, file: string) => `/api/avatars/${userId}/${file}`

/**
 * Stores a new avatar and points the profile at it, then deletes the previous file. The type
 * comes from the bytes (PNG, JPEG, GIF or WebP); the name and declared type are ignored.
 */
export async function replaceAvatar(ctx: AppContext, userId: string, file: unknown): Promise<Profile> {
  if (!(file instanceof Blob)) throw new AppError('bad_request:avatar', NOT_AN_IMAGE)
  if (file.size > AVATAR_MAX_BYTES) throw avatarTooLarge()
  const image = detectImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
  if (!image) throw new AppError('unsupported_media_type:avatar', NOT_AN_IMAGE)

  const name = `avatar-${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)))}.${image.ext}`
  const key = `users/${userId}/${name}`
  const { profile, previousKey } = await failWith('Failed to upload avatar', async () => {
    await ctx.storage.put(key, file, image.mime)
    try {
      return await swapAvatar(ctx, userId, { avatarKey: key, avatarUrl: avatarUrlOf(userId, name) })
    } catch (error) {
      await deleteQuietly(ctx, key)
      throw error
    }
  })
  if (previousKey) await deleteQuietly(ctx, previousKey)
  announceProfile(ctx, profile)
  return profile
}

/**
 * Deletes the file first, then clears the columns, so a storage failure leaves everything as it
 * was and a retry can finish the job. Without an avatar it is a no-op.
 */
export async function removeAvatar(ctx: AppContext, userId: string): Promise<Profile> {
  return failWith('Failed to remove avatar', async () => {
    const [current] = await ctx.db.select().from(users).where(eq(users.id, userId))
    if (!current) throw new AppError('unauthorized:profile', 'No authenticated user')
    if (!current.avatarKey) return toProfile(current)
    await ctx.storage.delete(current.avatarKey)
    // Only if no upload replaced it meanwhile: a newer avatar keeps its columns.
    const [user] = await ctx.db
      .update(users)
      .set({ avatarKey: null, avatarUrl: null, updatedAt: ctx.now() })
      .where(and(eq(users.id, userId), eq(users.avatarKey, current.avatarKey)))
      .returning()
    if (!user) return getProfile(ctx.db, userId)
    const profile = toProfile(user)
    announceProfile(ctx, profile)
    return profile
  })
}

/** Serves a user's current avatar; any other name (an older one, a guess) is not found. */
export async function sendAvatar(ctx: AppContext, userId: string, file: string): Promise<Response> {
  const notFound = new AppError('not_found:avatar', 'Avatar not found')
  if (!UUID.test(userId) || !AVATAR_FILE.test(file)) throw notFound
  const key = `users/${userId}/${file}`
  const [row] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId))
  if (row?.avatarKey !== key) throw notFound
  const blob = await ctx.storage.get(key)
  if (!blob) throw notFound
  return sendStoredFile(blob, {
    filename: file,
    contentType: imageMimeFromKey(file) ?? 'application/octet-stream',
    inline: true,
    cacheControl: 'public, max-age=31536000, immutable',
  })
}

/** Sets the avatar columns under a row lock so that two uploads cannot both keep the old key to delete. */
async function swapAvatar(ctx: AppContext, userId: string, next: { avatarKey: string; avatarUrl: string }) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarKey: users.avatarKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!current) throw new AppError('unauthorized:profile', 'No authenticated user')
    const [user] = await tx
      .update(users)
      .set({ ...next, updatedAt: ctx.now() })
      .where(eq(users.id, userId))
      .returning()
    return { profile: toProfile(user!), previousKey: current.avatarKey }
  })
}

/** A leftover file costs a little disk; failing the user's request over it would cost more. */
async function deleteQuietly(ctx: AppContext, key: string) {
  try {
    await ctx.storage.delete(key)
  } catch (error) {
    ctx.log.warn('could not delete a replaced avatar file', { key, error })
  }
}
