import { translationOf } from '../../catalogue'
import type { images as english } from '../../en/images'

export const images = {
  'images.dialog.title': 'Crea immagine',
  'images.dialog.description': "Descrivi l'immagine che vuoi. Verrà aggiunta a questa chat.",
  'images.dialog.prompt': 'Descrizione',
  'images.dialog.promptPlaceholder':
    'Una baita accogliente in un bosco innevato di notte, con una luce calda alle finestre',
  'images.dialog.ideas': 'Idee rapide',
  'images.idea.city': 'Lo skyline di una città futuristica al tramonto',
  'images.idea.cat': 'Un gatto astronauta che fluttua tra le stelle',
  'images.idea.garden': 'Un tranquillo giardino giapponese in autunno',
  'images.idea.cafe': 'Un caffè accogliente in una sera di pioggia',
  'images.dialog.style': 'Stile',
  'images.style.realistic': 'Realistico',
  'images.style.artistic': 'Artistico',
  'images.style.cartoon': 'Cartone animato',
  'images.style.abstract': 'Astratto',
  'images.style.vintage': 'Vintage',
  'images.dialog.size': 'Formato',
  'images.size.square': 'Quadrato (1024×1024)',
  'images.size.portrait': 'Verticale (1024×1792)',
  'images.size.landscape': 'Orizzontale (1792×1024)',
  'images.dialog.credits': 'Verranno usati crediti di generazione di immagini con IA',
  'images.dialog.generate': 'Genera',
  'images.dialog.generating': 'Generazione in corso…',
  'images.dialog.unavailable':
    'La generazione di immagini non è configurata su questo server. Chiedi a un amministratore di configurare un modello di immagini.',
  'images.toast.blank': "Inserisci una descrizione per l'immagine",
  'images.toast.success': 'Immagine generata correttamente!',
  'images.toast.failed': "Impossibile generare l'immagine",
  'images.toast.retry': "Impossibile generare l'immagine. Riprova.",
} as const

translationOf<typeof english>()(images)
