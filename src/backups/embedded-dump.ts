import { connect } from 'node:net'
import { resolve as resolvePath } from 'node:path'
import { DUMP_REQUEST } from '../../db/embedded/child-env'
import { BackupError } from './errors'

/*
 * How a backup reads the embedded database while its process serves the app (decision 159): a
 * second connection to the database process's unix socket that opens with `PARLEY-DUMP <path>`
 * instead of a Postgres startup message (which begins with a length, a zero byte first) asks for
 * PGlite's own dump (`dumpDataDir`) written to that file. The database process answers `OK` or
 * `ERR <message>`, without taking the app's connection away (db/embedded/server.ts). A file, not
 * the socket, carries the dump: the socket moved ~30 MB/s, the file is written at disk speed.
 */

/** True when a database process answers on the socket (a server runs on this DATA_DIR). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** PGlite's dump of the running embedded database, written by its process (over `socketPath`) to `path`. */
export function requestDump(socketPath: string, file: string, timeoutMs = 10 * 60_000): Promise<Blob> {
  const path = resolvePath(file)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(socketPath)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new BackupError('failed', `the embedded database gave no dump within ${timeoutMs / 1000} s`))
    }, timeoutMs)
    socket.once('connect', () => socket.write(`${DUMP_REQUEST}${path}\n`))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(
        new BackupError('failed', `could not reach the embedded database: ${error.message}`, {
          cause: error,
        }),
      )
    })
    socket.once('close', () => {
      clearTimeout(timer)
      const answer = Buffer.concat(chunks).toString('utf8', 0, 500).trim()
      if (answer === 'OK') resolve(Bun.file(path))
      else
        reject(
          new BackupError(
            'failed',
            `the embedded database refused the dump: ${answer.replace(/^ERR /, '') || 'no answer (an older database process?)'}`,
          ),
        )
    })
  })
}
