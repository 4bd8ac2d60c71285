import { defineCatalogue } from '../catalogue'

export const pt = defineCatalogue({
  'common.cancel': 'Cancelar',
  'common.save': 'Salvar',
  'common.close': 'Fechar',
  'common.delete': 'Excluir',
  'common.loading': 'Carregando...',
  'common.language': 'Idioma',
})
