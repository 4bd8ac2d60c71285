import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Annulla',
  'common.save': 'Salva',
  'common.close': 'Chiudi',
  'common.delete': 'Elimina',
  'common.loading': 'Caricamento…',
  'common.language': 'Lingua',
  'common.tagline': 'L’assistente IA del tuo team',
  'common.branding.loadFailed': 'Impossibile caricare il branding',
  'common.backToApp': 'Torna all’app',
  'common.notFound.title': 'Pagina non trovata',
  'common.toasts.close': 'Chiudi notifica',
  'common.toasts.label': 'Notifiche',
  'common.brand.logo': 'Logo di {name}',
  'common.copy': 'Copia',
  'common.copied': 'Copiato',
  'common.copyFailed': 'Impossibile copiare. Seleziona il testo e copialo tu.',
})
