import type { ImpersonationRow } from '../../db/schema'
import type { MailLanguage } from '../auth/email-texts'
import type { Config } from '../config'

/**
 * The mail a person gets when an administrator opens their account (issue 11: "no impersonation is
 * hidden from the person it concerns"). Plain text in the account's language; the details are the
 * ones the 'Account access' list shows.
 */
const texts: Record<MailLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'An administrator opened your {product} account',
    text: 'An administrator, {admin}, opened your {product} account for support.\n\nReason: {reason}\nCase number: {case}\nAccess ends: {expires}\n\nYou can see every access under Settings › Account access. If you did not expect this, contact your administrator.',
  },
  es: {
    subject: 'Un administrador abrió tu cuenta de {product}',
    text: 'Un administrador, {admin}, abrió tu cuenta de {product} para darte soporte.\n\nMotivo: {reason}\nNúmero de caso: {case}\nEl acceso termina: {expires}\n\nPuedes ver cada acceso en Ajustes › Acceso a la cuenta. Si no lo esperabas, contacta con tu administrador.',
  },
  fr: {
    subject: 'Un administrateur a ouvert votre compte {product}',
    text: 'Un administrateur, {admin}, a ouvert votre compte {product} pour vous assister.\n\nMotif : {reason}\nNuméro de dossier : {case}\nFin de l’accès : {expires}\n\nVous retrouvez chaque accès dans Paramètres › Accès au compte. Si vous ne vous y attendiez pas, contactez votre administrateur.',
  },
  de: {
    subject: 'Ein Administrator hat dein {product}-Konto geöffnet',
    text: 'Ein Administrator, {admin}, hat dein {product}-Konto für den Support geöffnet.\n\nGrund: {reason}\nFallnummer: {case}\nZugriff endet: {expires}\n\nJeden Zugriff findest du unter Einstellungen › Kontozugriff. Wenn du das nicht erwartet hast, wende dich an deinen Administrator.',
  },
  it: {
    subject: 'Un amministratore ha aperto il tuo account {product}',
    text: 'Un amministratore, {admin}, ha aperto il tuo account {product} per assistenza.\n\nMotivo: {reason}\nNumero del caso: {case}\nL’accesso termina: {expires}\n\nTrovi ogni accesso in Impostazioni › Accesso all’account. Se non te lo aspettavi, contatta il tuo amministratore.',
  },
  pt: {
    subject: 'Um administrador abriu sua conta do {product}',
    text: 'Um administrador, {admin}, abriu sua conta do {product} para dar suporte.\n\nMotivo: {reason}\nNúmero do caso: {case}\nO acesso termina: {expires}\n\nVocê vê cada acesso em Configurações › Acesso à conta. Se você não esperava isso, fale com seu administrador.',
  },
}

export function accessStartedMail(
  config: Config,
  target: { email: string; preferredLanguage: MailLanguage },
  impersonation: ImpersonationRow,
) {
  const language = target.preferredLanguage
  const { subject, text } = texts[language] ?? texts.en
  const expires = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(impersonation.expiresAt)
  const values: Record<string, string> = {
    product: config.brand.productName,
    admin: impersonation.adminName
      ? `${impersonation.adminName} <${impersonation.adminEmail}>`
      : impersonation.adminEmail,
    reason: impersonation.reasonCode.replaceAll('_', ' ').toUpperCase(),
    case: impersonation.caseNumber,
    expires,
  }
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
  return { to: target.email, subject: fill(subject), text: fill(text) }
}
