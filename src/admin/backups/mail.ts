import type { BackupTrigger } from '../../../db/catalogues/backups'
import type { MailLanguage } from '../../auth/email-texts'
import type { Config } from '../../config'

/**
 * The mail every active administrator gets when a backup the server ran fails (decision 168), in the
 * reader's language like the other mails the server writes (decision 150). Plain text; `{error}` is
 * the failure as the server worded it (English, like the banner's), the link opens Admin › Backups.
 * Wording follows web/i18n/README.md: formal in French (vous), informal elsewhere, Brazilian
 * Portuguese; French puts a no-break space before : ; ! ?. The section's name is the client's.
 */
const texts: Record<MailLanguage, { subject: string; text: string; trigger: Record<BackupTrigger, string> }> =
  {
    en: {
      subject: 'A {product} backup failed',
      text: 'The {trigger} backup of {product} started {started} failed:\n\n{error}\n\nEarlier backups are kept. Once the cause is fixed (often the server’s disk space), start one again under Admin › Backups:\n{link}',
      trigger: { manual: 'manual', schedule: 'scheduled' },
    },
    es: {
      subject: 'Ha fallado una copia de seguridad de {product}',
      text: 'La copia de seguridad {trigger} de {product} iniciada el {started} ha fallado:\n\n{error}\n\nLas copias anteriores se conservan. Cuando hayas resuelto la causa (a menudo, el espacio en disco del servidor), inicia otra en Administración › Copias de seguridad:\n{link}',
      trigger: { manual: 'manual', schedule: 'programada' },
    },
    fr: {
      subject: 'Une sauvegarde de {product} a échoué',
      text: 'La sauvegarde {trigger} de {product} lancée le {started} a échoué\u00a0:\n\n{error}\n\nLes sauvegardes précédentes sont conservées. Une fois la cause corrigée (souvent l’espace disque du serveur), relancez-en une dans Administration › Sauvegardes\u00a0:\n{link}',
      trigger: { manual: 'manuelle', schedule: 'planifiée' },
    },
    de: {
      subject: 'Eine Sicherung von {product} ist fehlgeschlagen',
      text: 'Die {trigger} Sicherung von {product}, gestartet am {started}, ist fehlgeschlagen:\n\n{error}\n\nFrühere Sicherungen bleiben erhalten. Wenn die Ursache behoben ist (oft der Speicherplatz des Servers), starte unter Adminbereich › Sicherungen eine neue:\n{link}',
      trigger: { manual: 'manuelle', schedule: 'geplante' },
    },
    it: {
      subject: 'Un backup di {product} non è riuscito',
      text: 'Il backup {trigger} di {product} avviato il {started} non è riuscito:\n\n{error}\n\nI backup precedenti sono conservati. Quando hai risolto la causa (spesso lo spazio su disco del server), avviane un altro in Amministrazione › Backup:\n{link}',
      trigger: { manual: 'manuale', schedule: 'pianificato' },
    },
    pt: {
      subject: 'Um backup do {product} falhou',
      text: 'O backup {trigger} do {product} iniciado em {started} falhou:\n\n{error}\n\nOs backups anteriores são mantidos. Depois de resolver a causa (muitas vezes, o espaço em disco do servidor), inicie outro em Administração › Backups:\n{link}',
      trigger: { manual: 'manual', schedule: 'agendado' },
    },
  }

export function backupFailedMail(
  config: Pick<Config, 'appUrl' | 'brand'>,
  to: { email: string; preferredLanguage: MailLanguage },
  run: { trigger: BackupTrigger; startedAt: Date; error: string },
) {
  const language = to.preferredLanguage
  const words = texts[language] ?? texts.en
  const values: Record<string, string> = {
    product: config.brand.productName,
    trigger: words.trigger[run.trigger],
    started: new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'long',
      timeZone: 'UTC',
    }).format(run.startedAt),
    error: run.error,
    link: `${config.appUrl}/admin/backups`,
  }
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
  return { to: to.email, subject: fill(words.subject), text: fill(words.text) }
}
