import type { Config } from '../config'
import type { Mailer } from '../context'
import type { Logger } from '../log/logger'
import { createOutboxMailer } from './outbox'
import { createSmtpMailer } from './smtp'

/** SMTP when SMTP_URL is set; otherwise `.eml` files in DATA_DIR/outbox (DESIGN.md "mail"). */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, log: Logger): Mailer {
  return config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from, log)
    : createOutboxMailer(config.dataDir, config.mail.from, log)
}
