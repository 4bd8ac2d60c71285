import { translationOf } from '../../catalogue'
import type { dictation as english } from '../../en/dictation'

export const dictation = {
  'dictation.unsupported': "La reconnaissance vocale n'est pas prise en charge par votre navigateur",
  'dictation.error': 'Erreur de reconnaissance vocale : {error}',
  'dictation.permissionDenied':
    "L'accès au micro a été bloqué. Autorisez le micro pour ce site dans votre navigateur pour dicter.",
  'dictation.noMicrophone': "Aucun micro n'a été trouvé. Branchez-en un et réessayez.",
  'dictation.transcribeFailed': "Impossible de transcrire l'enregistrement. Veuillez réessayer.",
  'dictation.tooLong': 'Enregistrement arrêté au bout de 5 minutes',
} as const

translationOf<typeof english>()(dictation)
