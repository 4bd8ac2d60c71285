import { translationOf } from '../../catalogue'
import type { dictation as english } from '../../en/dictation'

export const dictation = {
  'dictation.unsupported': 'Tu navegador no admite el reconocimiento de voz',
  'dictation.error': 'Error de reconocimiento de voz: {error}',
  'dictation.permissionDenied':
    'Se bloqueó el acceso al micrófono. Permite el micrófono para este sitio en tu navegador para dictar.',
  'dictation.noMicrophone': 'No se encontró ningún micrófono. Conecta uno e inténtalo de nuevo.',
  'dictation.transcribeFailed': 'No se pudo transcribir la grabación. Inténtalo de nuevo.',
  'dictation.tooLong': 'La grabación se detuvo tras 5 minutos',
} as const

translationOf<typeof english>()(dictation)
