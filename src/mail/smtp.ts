import nodemailer from 'nodemailer'
import type { Mailer } from '../context'
import type { Logger } from '../log/logger'

/**
 * Sends over SMTP_URL (`smtp://user:pass@host:587`, or `smtps://` for implicit TLS). Timeouts are
 * short because a request (sign-up, password reset) waits for the hand-off; nodemailer's defaults
 * would hold it for minutes when the mail server is down.
 */
export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      // The address and subject only: the body holds single-use links that must not reach the logs.
      log.info('mail sent', { to: message.to, subject: message.subject, messageId: info.messageId })
    },
  }
}
