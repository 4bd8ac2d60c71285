import type { KnowledgeEntry } from '../../db/schema'
import type { AppContext } from '../context'
import type { KnowledgeChange } from './model'

/**
 * Open Knowledge Base panels refetch on `knowledge:changed` (decision 130): a shared entry's change
 * concerns every signed-in user, and so does the change that stops it being shared (it leaves
 * their lists); a private entry's only its owner's tabs and devices.
 */
export function announceChange(
  ctx: Pick<AppContext, 'realtime'>,
  entry: Pick<KnowledgeEntry, 'id' | 'userId' | 'isShared'> & { sharedGroupIds?: readonly string[] },
  change: KnowledgeChange,
  wasShared = false,
): void {
  const payload = { entryId: entry.id, change }
  // Shared with groups: their members' panels too (the event carries nothing but the id).
  if (entry.isShared || (entry.sharedGroupIds?.length ?? 0) > 0 || wasShared)
    ctx.realtime.toEveryone('knowledge:changed', payload)
  else ctx.realtime.toUser(entry.userId, 'knowledge:changed', payload)
}

/**
 * `knowledge:progress`: how many of a long entry's chunks are embedded, to the audience of its
 * `knowledge:changed` (decision 130). Only entries that take more than one embeddings request.
 */
export function announceProgress(
  ctx: Pick<AppContext, 'realtime'>,
  entry: Pick<KnowledgeEntry, 'id' | 'userId' | 'isShared'>,
  done: number,
  total: number,
): void {
  const payload = { entryId: entry.id, done, total }
  if (entry.isShared) ctx.realtime.toEveryone('knowledge:progress', payload)
  else ctx.realtime.toUser(entry.userId, 'knowledge:progress', payload)
}
