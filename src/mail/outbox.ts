import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Mailer } from '../context'
import type { Logger } from '../log/logger'

/**
 * Without SMTP_URL, mail is written as `.eml` files to DATA_DIR/outbox and logged, so a self-hoster
 * without a mail server can still follow a password-reset link.
 */
export function createOutboxMailer(dataDir: string, from: string, log: Logger): Mailer {
  const dir = join(dataDir, 'outbox')
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const file = join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${crypto.randomUUID()}.eml`)
      const eml = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        // UTF-8 as is (the mails are in six languages); the Subject too, as RFC 6532 allows.
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
        '',
      ].join('\r\n')
      await Bun.write(file, eml)
      // Without a mail server the log is how an operator hands a reset link on, so the link goes in.
      const link = message.text.match(/https?:\/\/\S+/)?.[0]
      log.info('mail written to outbox', { to: message.to, subject: message.subject, file, link })
    },
  }
}

/** The mails in an outbox folder, oldest first (used by the tests and the CLI). */
export async function readOutbox(
  dataDir: string,
): Promise<{ file: string; to: string; subject: string; text: string }[]> {
  const dir = join(dataDir, 'outbox')
  const glob = new Bun.Glob('*.eml')
  // No outbox folder yet means no mail yet.
  const files = (await Array.fromAsync(glob.scan({ cwd: dir })).catch(() => [])).sort()
  return Promise.all(
    files.map(async (name) => {
      const raw = await Bun.file(join(dir, name)).text()
      const [head = '', ...body] = raw.split('\r\n\r\n')
      const header = (field: string) => head.match(new RegExp(`^${field}: (.*)$`, 'm'))?.[1] ?? ''
      return { file: name, to: header('To'), subject: header('Subject'), text: body.join('\r\n\r\n').trim() }
    }),
  )
}
