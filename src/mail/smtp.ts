import type { Transporter } from 'nodemailer'
import type { Mailer } from '../context'
import type { Logger } from '../log/logger'

/**
 * Sends over SMTP_URL (`smtp://user:pass@host:587`, or `smtps://` for implicit TLS). Timeouts are
 * short because a request (sign-up, password reset) waits for the hand-off; nodemailer's defaults
 * would hold it for minutes when the mail server is down. nodemailer is imported with the first mail
 * (docs/decisions/137-idle-memory.md).
 */
export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  let transport: Promise<Transporter> | undefined
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      )
      const info = await (await transport).sendMail({ from, ...message })
      // The address and subject only: the body holds single-use links that must not reach the logs.
      log.info('mail sent', { to: message.to, subject: message.subject, messageId: info.messageId })
    },
  }
}
