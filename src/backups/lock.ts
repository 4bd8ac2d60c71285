import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Runs `task` while holding `DATA_DIR/backups/.lock`, so that two backups asked for at once (two
 * CLI runs, or a CLI run beside the server's) run one after the other. The file names its owner's
 * pid; a lock whose owner is gone (a killed backup) is taken over.
 */
export async function withBackupLock<T>(folder: string, task: () => Promise<T>, pollMs = 100): Promise<T> {
  await mkdir(folder, { recursive: true })
  const path = join(folder, '.lock')
  const token = `${process.pid} ${crypto.randomUUID()}`
  for (;;) {
    try {
      await writeFile(path, token, { flag: 'wx', mode: 0o600 })
      break
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
      const owner = Number.parseInt((await readFile(path, 'utf8').catch(() => '')).split(' ')[0] ?? '', 10)
      const stale = Number.isInteger(owner)
        ? owner > 0 && !isAlive(owner)
        : // A lock file left empty by a process killed between creating and writing it.
          Date.now() - ((await stat(path).catch(() => null))?.mtimeMs ?? 0) > 5_000
      if (stale) await rm(path, { force: true })
      else await Bun.sleep(pollMs)
    }
  }
  try {
    return await task()
  } finally {
    // Only our own lock: a stale one replaced meanwhile is not ours to remove.
    if ((await readFile(path, 'utf8').catch(() => '')) === token) await rm(path, { force: true })
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'
  }
}
