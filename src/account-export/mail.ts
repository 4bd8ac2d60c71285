import type { MailLanguage } from '../auth/email-texts'
import type { Config } from '../config'

/*
 * The mail that says an export of all one's data is ready (docs/decisions/175-account-export.md),
 * sent when SMTP is set, in the reader's language like the other mails the server writes
 * (decision 150). Plain text; the link stays alone on its line and comes first (the outbox logs
 * the first address). Wording follows web/i18n/README.md: formal in French (vous), informal
 * elsewhere, Brazilian Portuguese, the glossary's "Settings"; French puts a no-break space before :.
 */
const texts: Record<MailLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'Your {product} data is ready',
    text: 'The download of all your {product} data is ready:\n{link}\n\nThe download is available for 7 days. Open the link in the browser where you are signed in to {product}, or find the download under Settings.',
  },
  es: {
    subject: 'Tus datos de {product} están listos',
    text: 'La descarga de todos tus datos de {product} está lista:\n{link}\n\nLa descarga está disponible durante 7 días. Abre el enlace en el navegador en el que has iniciado sesión en {product}, o búscala en Ajustes.',
  },
  fr: {
    subject: 'Vos données {product} sont prêtes',
    text: 'Le téléchargement de toutes vos données {product} est prêt\u00a0:\n{link}\n\nLe téléchargement est disponible pendant 7 jours. Ouvrez le lien dans le navigateur où vous êtes connecté à {product}, ou retrouvez-le dans Paramètres.',
  },
  de: {
    subject: 'Deine {product}-Daten sind bereit',
    text: 'Der Download aller deiner {product}-Daten ist bereit:\n{link}\n\nDer Download ist 7 Tage lang verfügbar. Öffne den Link im Browser, in dem du bei {product} angemeldet bist, oder finde ihn unter Einstellungen.',
  },
  it: {
    subject: 'I tuoi dati di {product} sono pronti',
    text: 'Il download di tutti i tuoi dati di {product} è pronto:\n{link}\n\nIl download è disponibile per 7 giorni. Apri il link nel browser in cui hai effettuato l’accesso a {product}, oppure trovalo in Impostazioni.',
  },
  pt: {
    subject: 'Seus dados do {product} estão prontos',
    text: 'O download de todos os seus dados do {product} está pronto:\n{link}\n\nO download fica disponível por 7 dias. Abra o link no navegador em que você está conectado ao {product} ou encontre-o em Configurações.',
  },
}

/** The download's address as the mail and the client name it. */
export const exportDownloadUrl = (config: Pick<Config, 'appUrl'>, id: string) =>
  `${config.appUrl.replace(/\/+$/, '')}/api/account/exports/${id}/download`

export function exportReadyMail(
  config: Pick<Config, 'appUrl' | 'brand'>,
  to: { email: string; preferredLanguage: MailLanguage },
  id: string,
) {
  const words = texts[to.preferredLanguage] ?? texts.en
  const values: Record<string, string> = {
    product: config.brand.productName,
    link: exportDownloadUrl(config, id),
  }
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
  return { to: to.email, subject: fill(words.subject), text: fill(words.text) }
}
