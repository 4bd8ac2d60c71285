import type { AppContext } from '../context'
import { unnamedKeys } from './released-files-data'
import { deleteStoredQuietly } from './store'

/** After the rows went: deletes the bytes of the keys no row names any more (a failure is logged). */
export async function releaseStoredFiles(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  keys: string[],
): Promise<void> {
  if (!keys.length) return
  for (const key of await unnamedKeys(ctx.db, keys)) await deleteStoredQuietly(ctx, key)
}
