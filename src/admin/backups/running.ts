/**
 * The backup this instance is writing (Admin › Backups, decision 168): at most one at a time. The
 * slot is taken synchronously, before any await, so that two "Back up now" at once start one backup
 * and refuse the other. `folderId` is this DATA_DIR's backups folder id, read once.
 */
export class RunningBackup {
  private slot: { id: string | null; released: Promise<void>; release: () => void } | null = null
  folderId: Promise<string> | undefined
  /** When this instance's schedule first looks (ms since the epoch); unset without a schedule. */
  firstLookAt: number | undefined

  /** The run being written here: its id once its row exists, null while it is being claimed. */
  get current(): { id: string | null } | null {
    return this.slot && { id: this.slot.id }
  }

  /** Takes the slot, or answers false when a backup is already running here. */
  take(): boolean {
    if (this.slot) return false
    const { promise, resolve } = Promise.withResolvers<void>()
    this.slot = { id: null, released: promise, release: resolve }
    return true
  }

  /** The claimed run's id. */
  name(id: string): void {
    if (this.slot) this.slot.id = id
  }

  release(): void {
    const slot = this.slot
    this.slot = null
    slot?.release()
  }

  /** Resolves when no backup of this instance is running (the server's stop and the tests wait for it). */
  async idle(): Promise<void> {
    while (this.slot) await this.slot.released
  }
}
