import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'

export const DELETE_FAILED = 'Failed to delete account'

/**
 * Deletes an account for good: its files first, then its row, whose foreign keys cascade to
 * sessions, tokens, chats, messages, attachments and usage. Files go first so that any failure
 * leaves the account in place and the person can simply try again.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  try {
    await ctx.storage.deletePrefix(`users/${userId}/`)
    await ctx.db.delete(users).where(eq(users.id, userId))
  } catch (error) {
    throw new AppError('internal:delete_account', DELETE_FAILED, { cause: error })
  }
  ctx.log.info('account deleted', { userId })
}
