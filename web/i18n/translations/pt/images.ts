import { translationOf } from '../../catalogue'
import type { images as english } from '../../en/images'

export const images = {
  'images.dialog.title': 'Criar imagem',
  'images.dialog.description': 'Descreva a imagem que você quer. Ela será adicionada a esta conversa.',
  'images.dialog.prompt': 'Descrição',
  'images.dialog.promptPlaceholder':
    'Uma cabana aconchegante numa floresta nevada à noite, com luz quente nas janelas',
  'images.dialog.ideas': 'Ideias rápidas',
  'images.idea.city': 'O horizonte de uma cidade futurista ao pôr do sol',
  'images.idea.cat': 'Um gato astronauta flutuando entre as estrelas',
  'images.idea.garden': 'Um tranquilo jardim japonês no outono',
  'images.idea.cafe': 'Uma cafeteria aconchegante numa noite chuvosa',
  'images.dialog.style': 'Estilo',
  'images.style.realistic': 'Realista',
  'images.style.artistic': 'Artístico',
  'images.style.cartoon': 'Desenho animado',
  'images.style.abstract': 'Abstrato',
  'images.style.vintage': 'Vintage',
  'images.dialog.size': 'Tamanho',
  'images.size.square': 'Quadrada (1024×1024)',
  'images.size.portrait': 'Retrato (1024×1792)',
  'images.size.landscape': 'Paisagem (1792×1024)',
  'images.dialog.credits': 'Isso usará créditos de geração de imagens por IA',
  'images.dialog.generate': 'Gerar',
  'images.dialog.generating': 'Gerando…',
  'images.dialog.unavailable':
    'A geração de imagens não está configurada neste servidor. Peça a um administrador para configurar um modelo de imagens.',
  'images.toast.blank': 'Digite uma descrição para a imagem',
  'images.toast.success': 'Imagem gerada com sucesso!',
  'images.toast.failed': 'Falha ao gerar a imagem',
  'images.toast.retry': 'Falha ao gerar a imagem. Tente novamente.',
} as const

translationOf<typeof english>()(images)
