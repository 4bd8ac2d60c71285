import { translationOf } from '../../catalogue'
import type { adminBranding as english } from '../../en/adminBranding'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminBranding = {
  'adminBranding.intro':
    'Como o app aparece para todos, na página de entrada e por dentro. Um valor definido aqui substitui o da configuração do servidor, e uma alteração salva aparece na hora em todos os navegadores abertos.',
  'adminBranding.loadFailed': 'Não foi possível carregar as configurações da marca',
  'adminBranding.saveFailed': 'Não foi possível salvar a marca',
  'adminBranding.saved': 'Marca salva',
  'adminBranding.save': 'Salvar',
  'adminBranding.discard': 'Descartar alterações',
  'adminBranding.unsaved': 'Alterações não salvas',
  'adminBranding.source.default': 'Padrão',
  'adminBranding.source.custom': 'Definido aqui',
  'adminBranding.reset': 'Voltar ao padrão',
  'adminBranding.resetLabel': 'Voltar ao padrão: {field}',
  'adminBranding.resetDone': 'Padrão restaurado',
  'adminBranding.resetAll': 'Voltar tudo ao padrão',
  'adminBranding.resetAllTitle': 'Restaurar toda a marca?',
  'adminBranding.resetAllBody':
    'Os nomes, o slogan, as cores e as imagens voltam aos padrões do servidor, para todos, na hora.',
  'adminBranding.resetAllConfirm': 'Restaurar tudo',
  'adminBranding.resetAllDone': 'Marca restaurada aos padrões',
  'adminBranding.texts': 'Nomes',
  'adminBranding.companyName': 'Nome da empresa',
  'adminBranding.companyNameHint': 'Aparece no cabeçalho do app.',
  'adminBranding.productName': 'Nome do produto',
  'adminBranding.productNameHint':
    'Aparece na página de entrada, na barra lateral e como título da aba do navegador.',
  'adminBranding.tagline': 'Slogan',
  'adminBranding.taglineHint':
    'Aparece abaixo do nome do produto na página de entrada e na tela de boas-vindas.',
  'adminBranding.colors': 'Cores',
  'adminBranding.primaryColor': 'Cor principal',
  'adminBranding.secondaryColor': 'Cor secundária',
  'adminBranding.colorHint':
    'Uma cor hexadecimal como #a855f7 ou #a5f. Botões e destaques passam da cor principal para a secundária.',
  'adminBranding.colorPicker': 'Escolher: {field}',
  'adminBranding.images': 'Imagens',
  'adminBranding.logo': 'Logotipo',
  'adminBranding.logoHint': 'PNG, JPEG, GIF ou WebP, no máximo 5 MB. Uma imagem quadrada fica melhor.',
  'adminBranding.loginBackground': 'Fundo da página de entrada',
  'adminBranding.loginBackgroundHint':
    'Aparece atrás do cartão de entrada. PNG, JPEG, GIF ou WebP, no máximo 5 MB.',
  'adminBranding.upload': 'Enviar',
  'adminBranding.uploadLabel': 'Enviar: {field}',
  'adminBranding.replace': 'Substituir',
  'adminBranding.replaceLabel': 'Substituir: {field}',
  'adminBranding.remove': 'Remover',
  'adminBranding.removeLabel': 'Remover: {field}',
  'adminBranding.noImage': 'Nenhuma',
  'adminBranding.imagePreview': 'Atual: {field}',
  'adminBranding.uploaded': 'Imagem enviada',
  'adminBranding.removed': 'Imagem removida',
  'adminBranding.uploadFailed': 'Não foi possível enviar a imagem',
  'adminBranding.removeFailed': 'Não foi possível remover a imagem',
  'adminBranding.notImage': 'Selecione um arquivo de imagem',
  'adminBranding.tooLarge': 'A imagem deve ter menos de 5 MB',
  'adminBranding.problem.empty': 'Digite um nome ou volte ao padrão.',
  'adminBranding.problem.tooLong': 'No máximo {max} caracteres.',
  'adminBranding.problem.oneLine': 'Use uma única linha.',
  'adminBranding.problem.color': 'Digite uma cor como #a855f7 ou #a5f.',
  'adminBranding.preview': 'Pré-visualização',
  'adminBranding.previewHint':
    'Com os valores acima, salvos ou não. Os outros veem uma alteração depois de salva.',
  'adminBranding.previewHeader': 'Cabeçalho do app',
  'adminBranding.previewSignIn': 'Página de entrada',
  'adminBranding.previewWelcome': 'Que bom ver você de novo',
  'adminBranding.previewEmail': 'E-mail',
  'adminBranding.previewButton': 'Entrar',
} as const

translationOf<typeof english>()(adminBranding)
