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
  'common.branding.loadFailed': 'Não foi possível carregar a identidade visual',
  'common.backToApp': 'Voltar ao app',
  'common.notFound.title': 'Página não encontrada',
  'common.toasts.close': 'Fechar notificação',
  'common.toasts.label': 'Notificações',
  'common.brand.logo': 'Logotipo de {name}',
  'common.copy': 'Copiar',
  'common.copied': 'Copiado',
  'common.copyFailed': 'Não foi possível copiar. Selecione o texto e copie você mesmo.',
})
