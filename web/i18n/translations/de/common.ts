import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.close': 'Schließen',
  'common.delete': 'Löschen',
  'common.loading': 'Wird geladen …',
  'common.language': 'Sprache',
  'common.tagline': 'Der KI-Assistent deines Teams',
  'common.branding.loadFailed': 'Branding konnte nicht geladen werden',
  'common.backToApp': 'Zurück zur App',
  'common.notFound.title': 'Seite nicht gefunden',
  'common.toasts.close': 'Benachrichtigung schließen',
  'common.toasts.label': 'Benachrichtigungen',
  'common.brand.logo': 'Logo von {name}',
  'common.copy': 'Kopieren',
  'common.copied': 'Kopiert',
  'common.copyFailed': 'Kopieren nicht möglich. Markiere den Text und kopiere ihn selbst.',
})
