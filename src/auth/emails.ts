import type { Config } from '../config'

/** The mails the account flows send. Plain text: every client shows it, and links stay copyable. */

type Mail = { to: string; subject: string; text: string }

const product = (config: Config) => config.brand.productName

export function confirmationMail(config: Config, to: string, token: string): Mail {
  const link = `${config.appUrl}/auth/confirm?token=${token}`
  return {
    to,
    subject: `Confirm your ${product(config)} account`,
    text: `Welcome to ${product(config)}!\n\nConfirm your email address by opening this link:\n${link}\n\nThe link works for 24 hours. If you did not sign up, ignore this message.`,
  }
}

export function passwordResetMail(config: Config, to: string, token: string): Mail {
  const link = `${config.appUrl}/auth/reset-password?token=${token}`
  return {
    to,
    subject: `Reset your ${product(config)} password`,
    text: `Someone asked to reset the password of your ${product(config)} account.\n\nChoose a new password here:\n${link}\n\nThe link works for 1 hour and only once. If it was not you, ignore this message; your password stays as it is.`,
  }
}

export function emailChangeMail(config: Config, to: string, token: string): Mail {
  const link = `${config.appUrl}/auth/confirm?token=${token}`
  return {
    to,
    subject: `Confirm your new ${product(config)} email address`,
    text: `Your ${product(config)} account asked to use this address from now on.\n\nConfirm the change by opening this link:\n${link}\n\nThe link works for 24 hours. Until then the account keeps its current address.`,
  }
}
