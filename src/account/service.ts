import type { Actor } from '../auth/actor'
import { deleteSessions } from '../auth/session'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { accountFor } from './account-data'

export const DELETE_FAILED = 'Failed to delete account'

/**
 * Deletes an account for good: its files first, then its row, whose foreign keys cascade to
 * tokens, chats, messages, attachments and usage. Files go first so that any failure leaves the
 * account in place and the person can simply try again. The sessions are deleted explicitly in
 * the same transaction (not left to the cascade) to learn their ids: their sockets, in every tab
 * and on every instance, are cut once the deletion is committed.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor): Promise<void> {
  const { userId } = actor
  let ended: string[]
  try {
    await ctx.storage.deletePrefix(`users/${userId}/`)
    ended = await ctx.db.transaction(async (tx) => {
      const sessionIds = await deleteSessions(tx, { userId })
      await accountFor(tx, actor).remove()
      return sessionIds
    })
  } catch (error) {
    throw new AppError('internal:delete_account', DELETE_FAILED, { cause: error })
  }
  ctx.realtime.endSessions(ended)
  ctx.log.info('account deleted', { userId })
}
