import type { Config } from '../config'
import { type MailKind, type MailLanguage, mailText } from './email-texts'

/**
 * The mails the account flows send, in the recipient's language (the account's
 * `preferred_language`; texts in ./email-texts.ts). Plain text: every client shows it, and links
 * stay copyable.
 */

type Mail = { to: string; subject: string; text: string }

function mail(config: Config, kind: MailKind, language: MailLanguage, to: string, link: string): Mail {
  return { to, ...mailText(kind, language, { product: config.brand.productName, link }) }
}

export function confirmationMail(config: Config, to: string, token: string, language: MailLanguage): Mail {
  return mail(config, 'confirmation', language, to, `${config.appUrl}/auth/confirm?token=${token}`)
}

export function passwordResetMail(config: Config, to: string, token: string, language: MailLanguage): Mail {
  return mail(config, 'passwordReset', language, to, `${config.appUrl}/auth/reset-password?token=${token}`)
}

/** To an account an administrator created: its set-password link is a (longer-lived) reset link. */
export function invitationMail(config: Config, to: string, token: string, language: MailLanguage): Mail {
  return mail(config, 'invitation', language, to, `${config.appUrl}/auth/reset-password?token=${token}`)
}

/** Goes to the new address, in the account's language (the one who asked is the account holder). */
export function emailChangeMail(config: Config, to: string, token: string, language: MailLanguage): Mail {
  return mail(config, 'emailChange', language, to, `${config.appUrl}/auth/confirm?token=${token}`)
}
