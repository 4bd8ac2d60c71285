import { translationOf } from '../../catalogue'
import type { dictation as english } from '../../en/dictation'

export const dictation = {
  'dictation.unsupported': 'Seu navegador não oferece suporte ao reconhecimento de voz',
  'dictation.error': 'Erro no reconhecimento de voz: {error}',
  'dictation.permissionDenied':
    'O acesso ao microfone foi bloqueado. Permita o microfone para este site no navegador para ditar.',
  'dictation.noMicrophone': 'Nenhum microfone foi encontrado. Conecte um e tente novamente.',
  'dictation.transcribeFailed': 'Não foi possível transcrever a gravação. Tente novamente.',
  'dictation.tooLong': 'A gravação parou após 5 minutos',
} as const

translationOf<typeof english>()(dictation)
