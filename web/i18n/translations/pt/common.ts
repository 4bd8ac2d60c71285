import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Cancelar',
  'common.save': 'Salvar',
  'common.close': 'Fechar',
  'common.delete': 'Excluir',
  'common.loading': 'Carregando...',
  'common.language': 'Idioma',
  'common.tagline': 'O assistente de IA da sua equipe',
})
