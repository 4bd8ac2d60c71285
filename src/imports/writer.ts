import type { AppContext } from '../context'
import type { ImportedMessage } from './conversation'
import { ImportStopped } from './errors'
import { importedChatsFor, type NewImportedChat, type NewImportedMessage } from './imported-chats-data'
import { importsFor } from './imports-data'
import { IMPORT_BATCH, PROGRESS_EVERY_MS } from './limits'
import { runningImports } from './running'

type Ctx = Pick<AppContext, 'db' | 'database' | 'now'>

/**
 * Writes an import's chats in short transactions (IMPORT_BATCH), so that the embedded database,
 * which runs one transaction at a time for everyone, answers other requests between them. Every
 * chat is written archived, out of the person's list, and marked with the import's id: the
 * import's last transaction releases them all at once, and a failure, a cancel or a stop deletes
 * them by that id (docs/decisions/173-imports.md). Between transactions it reports progress and
 * stops when the import no longer runs.
 */
export class ImportWriter {
  private chats: NewImportedChat[] = []
  private messages: NewImportedMessage[] = []
  private leaves: { chatId: string; leafId: string }[] = []
  private bytes = 0
  private lastProgress = 0
  /** Conversations read so far (written, queued, duplicate or left out). */
  done = 0
  /** The import's chats that the export itself had archived. */
  readonly archived: string[] = []

  constructor(
    private readonly ctx: Ctx,
    private readonly job: { id: string; userId: string; signal: AbortSignal },
  ) {}

  /** Queues one conversation's chat and messages (parents first), writing when a batch is full. */
  async add(
    chat: { title: string; createdAt: Date; updatedAt: Date; archived: boolean; sourceId: string },
    messages: ImportedMessage[],
    leafId: string | null,
  ): Promise<void> {
    const chatId = crypto.randomUUID()
    this.chats.push({
      id: chatId,
      title: chat.title,
      createdAt: chat.createdAt,
      // Bringing a chat in is a use of it: the retention policy (decision 174) counts its days of
      // disuse from the import, not from the export's last change, and never deletes a chat of an
      // import still running.
      updatedAt: this.ctx.now(),
      archived: true,
      importId: this.job.id,
      importSource: chat.sourceId,
    })
    if (chat.archived) this.archived.push(chatId)
    for (const message of messages) {
      this.messages.push({ ...message, chatId })
      this.bytes += message.content.length
    }
    if (leafId) this.leaves.push({ chatId, leafId })
    if (
      this.chats.length >= IMPORT_BATCH.chatsPerTransaction ||
      this.messages.length >= IMPORT_BATCH.messagesPerTransaction ||
      this.bytes >= IMPORT_BATCH.bytesPerTransaction
    )
      await this.flush()
  }

  /** Writes everything queued, in as many short transactions as it takes. */
  async flush(): Promise<void> {
    while (this.chats.length || this.messages.length) {
      const chats = this.chats.splice(0)
      const messages = this.takeMessages()
      const leaves = this.messages.length ? [] : this.leaves.splice(0)
      await this.ctx.db.transaction(async (tx) => {
        const rows = importedChatsFor(tx, this.job.userId)
        await rows.insertChats(chats)
        for (const statement of statements(messages)) await rows.insertMessages(statement)
        for (const leaf of leaves) await rows.setLeaf(leaf.chatId, leaf.leafId)
      })
      // On the embedded database in this process every query runs on this thread and resolves at
      // once: without a turn of the event loop here, other requests would wait for the whole import.
      await new Promise((resolve) => setImmediate(resolve))
      await this.checkpoint(true)
    }
  }

  /**
   * Between batches (`written`) and between conversations: stops at once when cancelled here;
   * at most every PROGRESS_EVERY_MS writes the progress and the heartbeat, and stops when the import
   * no longer runs (cancelled on another instance, or failed by a sweep).
   */
  async checkpoint(written = false): Promise<void> {
    if (this.job.signal.aborted) throw new ImportStopped()
    const { afterBatch } = runningImports(this.ctx)
    if (written && afterBatch) {
      await afterBatch(this.job.id, this.job.signal)
      if (this.job.signal.aborted) throw new ImportStopped()
    }
    const now = this.ctx.now().getTime()
    if (now - this.lastProgress < PROGRESS_EVERY_MS) return
    this.lastProgress = now
    const data = importsFor(this.ctx.db, this.job.userId)
    if (!(await data.progress(this.job.id, { done: this.done }, new Date(now)))) throw new ImportStopped()
  }

  /** The next transaction's messages: at most IMPORT_BATCH's count and text. */
  private takeMessages(): NewImportedMessage[] {
    let count = 0
    let bytes = 0
    while (
      count < this.messages.length &&
      count < IMPORT_BATCH.messagesPerTransaction &&
      (count === 0 || bytes + this.messages[count]!.content.length <= IMPORT_BATCH.bytesPerTransaction)
    ) {
      bytes += this.messages[count]!.content.length
      count++
    }
    this.bytes -= bytes
    return this.messages.splice(0, count)
  }
}

/** Insert statements of at most IMPORT_BATCH's rows and text each. */
function* statements(rows: NewImportedMessage[]): Generator<NewImportedMessage[]> {
  let start = 0
  while (start < rows.length) {
    let end = start
    let bytes = 0
    while (
      end < rows.length &&
      end - start < IMPORT_BATCH.rowsPerStatement &&
      (end === start || bytes + rows[end]!.content.length <= IMPORT_BATCH.bytesPerStatement)
    ) {
      bytes += rows[end]!.content.length
      end++
    }
    yield rows.slice(start, end)
    start = end
  }
}
