import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { imageMimeFromKey } from '../files/image-type'
import { checkImageUpload, imageTooLarge } from '../files/image-upload'
import { sendStoredFile } from '../files/send-stored-file'
import { AppError } from '../http/errors'
import { type Profile, toProfile } from './model'
import { profileFor } from './profile-data'
import { currentAvatarKeyOf } from './public-avatar-data'
import { announceProfile, failWith, getProfile, noAccount } from './service'

export const avatarTooLarge = () => imageTooLarge('avatar')

const AVATAR_FILE = /^avatar-[a-z2-7]{16,64}\.(png|jpg|gif|webp)$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Public, and it never changes: a new upload gets a new random name, so caches can keep it forever. */
export const avatarUrlOf = (userId: string, file: string) => `/api/avatars/${userId}/${file}`

/**
 * Stores a new avatar and points the profile at it, then deletes the previous file. The type
 * comes from the bytes (PNG, JPEG, GIF or WebP); the name and declared type are ignored. The
 * file lies under the effective user's folder: it is their picture, whoever uploaded it.
 */
export async function replaceAvatar(ctx: AppContext, actor: Actor, upload: unknown): Promise<Profile> {
  const { userId } = actor
  const { file, image } = await checkImageUpload(upload, 'avatar')

  const name = `avatar-${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)))}.${image.ext}`
  const key = `users/${userId}/${name}`
  const { profile, previousKey } = await failWith('Failed to upload avatar', async () => {
    await ctx.storage.put(key, file, image.mime)
    try {
      const swapped = await profileFor(ctx.db, actor).swapAvatar(
        { avatarKey: key, avatarUrl: avatarUrlOf(userId, name) },
        ctx.now(),
      )
      if (!swapped) throw noAccount()
      return { profile: toProfile(swapped.user), previousKey: swapped.previousKey }
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
export async function removeAvatar(ctx: AppContext, actor: Actor): Promise<Profile> {
  return failWith('Failed to remove avatar', async () => {
    const account = profileFor(ctx.db, actor)
    const current = await account.find()
    if (!current) throw noAccount()
    if (!current.avatarKey) return toProfile(current)
    await ctx.storage.delete(current.avatarKey)
    // Only if no upload replaced it meanwhile: a newer avatar keeps its columns.
    const user = await account.clearAvatar(current.avatarKey, ctx.now())
    if (!user) return getProfile(ctx.db, actor)
    const profile = toProfile(user)
    announceProfile(ctx, profile)
    return profile
  })
}

/**
 * Serves a user's current avatar; any other name (an older one, a guess) is not found. Public,
 * so it takes the user id from the URL, not an actor (see public-avatar-data.ts).
 */
export async function sendAvatar(ctx: AppContext, userId: string, file: string): Promise<Response> {
  const notFound = new AppError('not_found:avatar', 'Avatar not found')
  if (!UUID.test(userId) || !AVATAR_FILE.test(file)) throw notFound
  const key = `users/${userId}/${file}`
  if ((await currentAvatarKeyOf(ctx.db, userId)) !== key) throw notFound
  const blob = await ctx.storage.get(key)
  if (!blob) throw notFound
  return sendStoredFile(blob, {
    filename: file,
    contentType: imageMimeFromKey(file) ?? 'application/octet-stream',
    inline: true,
    cacheControl: 'public, max-age=31536000, immutable',
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
