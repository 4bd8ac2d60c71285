import { translationOf } from '../../catalogue'
import type { dictation as english } from '../../en/dictation'

export const dictation = {
  'dictation.unsupported': 'Il tuo browser non supporta il riconoscimento vocale',
  'dictation.error': 'Errore di riconoscimento vocale: {error}',
  'dictation.permissionDenied':
    "L'accesso al microfono è stato bloccato. Consenti il microfono per questo sito nel browser per dettare.",
  'dictation.noMicrophone': 'Nessun microfono trovato. Collegane uno e riprova.',
  'dictation.transcribeFailed': 'Impossibile trascrivere la registrazione. Riprova.',
  'dictation.tooLong': 'Registrazione interrotta dopo 5 minuti',
} as const

translationOf<typeof english>()(dictation)
