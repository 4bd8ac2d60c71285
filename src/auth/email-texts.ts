import type { languages } from '../../db/schema/users'

/**
 * The account mails in the six languages of `preferred_language`. English is the source; each
 * translation is checked by `tsc`: a missing or extra message or field, or a placeholder added,
 * dropped or misspelt, fails the type check with the English text in the error. Placeholders are
 * `{product}` (the brand's product name, never translated) and `{link}`; the link stays alone on
 * its line so it can be copied, and no other address comes before it (the outbox logs the first).
 *
 * Wording follows web/i18n/README.md: formal in French (vous), informal elsewhere (tú, du, tu,
 * você), Brazilian Portuguese, the glossary's words. French puts a no-break space before : ; ! ?.
 */
export type MailLanguage = (typeof languages)[number]

const en = {
  confirmation: {
    subject: 'Confirm your {product} account',
    text: 'Welcome to {product}!\n\nConfirm your email address by opening this link:\n{link}\n\nThe link works for 24 hours. If you did not sign up, ignore this message.',
  },
  passwordReset: {
    subject: 'Reset your {product} password',
    text: 'Someone asked to reset the password of your {product} account.\n\nChoose a new password here:\n{link}\n\nThe link works for 1 hour and only once. If it was not you, ignore this message; your password stays as it is.',
  },
  invitation: {
    subject: 'Your {product} account is ready',
    text: 'An administrator created a {product} account for you.\n\nChoose your password here:\n{link}\n\nThe link works for 7 days and only once. After that, use “Forgot password” on the sign-in page.',
  },
  emailChange: {
    subject: 'Confirm your new {product} email address',
    text: 'Your {product} account asked to use this address from now on.\n\nConfirm the change by opening this link:\n{link}\n\nThe link works for 24 hours. Until then the account keeps its current address.',
  },
} as const

type English = typeof en
export type MailKind = keyof English

/** The `{name}` placeholders of a text. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type Checked<T> = {
  [K in MailKind]: K extends keyof T
    ? {
        [F in keyof English[K]]: F extends keyof T[K]
          ? T[K][F] extends string
            ? SameSet<Placeholders<T[K][F]>, Placeholders<English[K][F] & string>> extends true
              ? T[K][F]
              : `Placeholders must be exactly those of the English text: ${English[K][F] & string}`
            : never
          : never
      } & { [F in Exclude<keyof T[K], keyof English[K]>]: never }
    : never
} & { [K in Exclude<keyof T, MailKind>]: never }

type Shape = { [K in MailKind]: { [F in keyof English[K]]: string } }

const translation = <const T extends Shape & Checked<T>>(texts: T): Shape => texts

const es = translation({
  confirmation: {
    subject: 'Confirma tu cuenta de {product}',
    text: '¡Te damos la bienvenida a {product}!\n\nConfirma tu dirección de correo electrónico abriendo este enlace:\n{link}\n\nEl enlace es válido durante 24 horas. Si no te has registrado, ignora este mensaje.',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de {product}',
    text: 'Alguien ha solicitado restablecer la contraseña de tu cuenta de {product}.\n\nElige una nueva contraseña aquí:\n{link}\n\nEl enlace es válido durante 1 hora y solo se puede usar una vez. Si no has sido tú, ignora este mensaje; tu contraseña seguirá siendo la misma.',
  },
  invitation: {
    subject: 'Tu cuenta de {product} está lista',
    text: 'Un administrador ha creado una cuenta de {product} para ti.\n\nElige tu contraseña aquí:\n{link}\n\nEl enlace es válido durante 7 días y solo se puede usar una vez. Después, usa «¿Has olvidado tu contraseña?» en la página de inicio de sesión.',
  },
  emailChange: {
    subject: 'Confirma tu nueva dirección de correo electrónico de {product}',
    text: 'Se ha solicitado usar esta dirección para tu cuenta de {product} a partir de ahora.\n\nConfirma el cambio abriendo este enlace:\n{link}\n\nEl enlace es válido durante 24 horas. Hasta entonces, la cuenta conserva su dirección actual.',
  },
})

const fr = translation({
  confirmation: {
    subject: 'Confirmez votre compte {product}',
    text: 'Bienvenue sur {product}\u00a0!\n\nConfirmez votre adresse e-mail en ouvrant ce lien\u00a0:\n{link}\n\nCe lien est valable 24\u00a0heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe {product}',
    text: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {product}.\n\nChoisissez un nouveau mot de passe ici\u00a0:\n{link}\n\nCe lien est valable 1\u00a0heure et ne peut servir qu’une seule fois. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0; votre mot de passe reste inchangé.',
  },
  invitation: {
    subject: 'Votre compte {product} est prêt',
    text: 'Un administrateur a créé un compte {product} pour vous.\n\nChoisissez votre mot de passe ici\u00a0:\n{link}\n\nCe lien est valable 7\u00a0jours et ne peut servir qu’une seule fois. Ensuite, utilisez «\u00a0Mot de passe oublié\u00a0» sur la page de connexion.',
  },
  emailChange: {
    subject: 'Confirmez votre nouvelle adresse e-mail {product}',
    text: 'Une demande a été faite pour utiliser désormais cette adresse avec votre compte {product}.\n\nConfirmez le changement en ouvrant ce lien\u00a0:\n{link}\n\nCe lien est valable 24\u00a0heures. D’ici là, le compte conserve son adresse actuelle.',
  },
})

const de = translation({
  confirmation: {
    subject: 'Bestätige dein {product}-Konto',
    text: 'Willkommen bei {product}!\n\nBestätige deine E-Mail-Adresse, indem du diesen Link öffnest:\n{link}\n\nDer Link ist 24 Stunden lang gültig. Falls du dich nicht registriert hast, ignoriere diese Nachricht.',
  },
  passwordReset: {
    subject: 'Setze dein {product}-Passwort zurück',
    text: 'Jemand hat angefordert, das Passwort deines {product}-Kontos zurückzusetzen.\n\nWähle hier ein neues Passwort:\n{link}\n\nDer Link ist 1 Stunde lang gültig und funktioniert nur einmal. Falls du das nicht warst, ignoriere diese Nachricht; dein Passwort bleibt unverändert.',
  },
  invitation: {
    subject: 'Dein {product}-Konto ist bereit',
    text: 'Ein Administrator hat ein {product}-Konto für dich angelegt.\n\nWähle hier dein Passwort:\n{link}\n\nDer Link ist 7 Tage lang gültig und funktioniert nur einmal. Danach nutze „Passwort vergessen“ auf der Anmeldeseite.',
  },
  emailChange: {
    subject: 'Bestätige deine neue E-Mail-Adresse für {product}',
    text: 'Für dein {product}-Konto wurde angefordert, ab jetzt diese Adresse zu verwenden.\n\nBestätige die Änderung, indem du diesen Link öffnest:\n{link}\n\nDer Link ist 24 Stunden lang gültig. Bis dahin behält das Konto seine bisherige Adresse.',
  },
})

const it = translation({
  confirmation: {
    subject: 'Conferma il tuo account {product}',
    text: 'Ti diamo il benvenuto su {product}!\n\nConferma il tuo indirizzo e-mail aprendo questo link:\n{link}\n\nIl link è valido per 24 ore. Se non hai effettuato tu la registrazione, ignora questo messaggio.',
  },
  passwordReset: {
    subject: 'Reimposta la password di {product}',
    text: 'Qualcuno ha chiesto di reimpostare la password del tuo account {product}.\n\nScegli una nuova password qui:\n{link}\n\nIl link è valido per 1 ora e si può usare una sola volta. Se la richiesta non è partita da te, ignora questo messaggio; la tua password resterà invariata.',
  },
  invitation: {
    subject: 'Il tuo account {product} è pronto',
    text: 'Un amministratore ha creato un account {product} per te.\n\nScegli la tua password qui:\n{link}\n\nIl link è valido per 7 giorni e si può usare una sola volta. Dopo, usa «Password dimenticata» nella pagina di accesso.',
  },
  emailChange: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail per {product}',
    text: 'È stato chiesto di usare d’ora in poi questo indirizzo per il tuo account {product}.\n\nConferma la modifica aprendo questo link:\n{link}\n\nIl link è valido per 24 ore. Fino ad allora l’account mantiene il suo indirizzo attuale.',
  },
})

const pt = translation({
  confirmation: {
    subject: 'Confirme sua conta no {product}',
    text: 'Boas-vindas ao {product}!\n\nConfirme seu endereço de e-mail abrindo este link:\n{link}\n\nO link é válido por 24 horas. Se você não se cadastrou, ignore esta mensagem.',
  },
  passwordReset: {
    subject: 'Redefina sua senha do {product}',
    text: 'Alguém pediu para redefinir a senha da sua conta no {product}.\n\nEscolha uma nova senha aqui:\n{link}\n\nO link é válido por 1 hora e só pode ser usado uma vez. Se não foi você, ignore esta mensagem; sua senha continua a mesma.',
  },
  invitation: {
    subject: 'Sua conta no {product} está pronta',
    text: 'Um administrador criou uma conta no {product} para você.\n\nEscolha sua senha aqui:\n{link}\n\nO link é válido por 7 dias e só pode ser usado uma vez. Depois disso, use “Esqueci minha senha” na página de login.',
  },
  emailChange: {
    subject: 'Confirme seu novo endereço de e-mail no {product}',
    text: 'Foi solicitado que sua conta no {product} passe a usar este endereço.\n\nConfirme a alteração abrindo este link:\n{link}\n\nO link é válido por 24 horas. Até lá, a conta continua com o endereço atual.',
  },
})

export const MAIL_TEXTS: Record<MailLanguage, Shape> = { en, es, fr, de, it, pt }

/**
 * One mail's subject and text in `language`, placeholders filled in one pass over the template
 * (so a product name that itself contains `{link}` stays as written).
 */
export function mailText(
  kind: MailKind,
  language: MailLanguage,
  values: { product: string; link: string },
): { subject: string; text: string } {
  const texts = MAIL_TEXTS[language][kind]
  const fill = (template: string) =>
    template.replace(/\{(product|link)\}/g, (_, name: 'product' | 'link') => values[name])
  return { subject: fill(texts.subject), text: fill(texts.text) }
}
