import { translationOf } from '../../catalogue'
import type { search as english } from '../../en/search'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const search = {
  'search.sidebar.chats': 'Conversas',
  'search.sidebar.messages': 'Nas mensagens',
  'search.sidebar.searching': 'Pesquisando nas mensagens…',
  'search.sidebar.noMessages': 'Nenhuma mensagem corresponde',
  'search.sidebar.failed': 'Não foi possível pesquisar nas mensagens',
  'search.sidebar.more': 'Mais resultados',
  'search.sidebar.archivedChats': 'Conversas arquivadas',
  'search.result.archived': 'Arquivada',
  'search.result.open': 'Abrir “{title}” nesta mensagem',
  'search.result.openFailed': 'Não foi possível abrir a mensagem',
  'search.palette.open': 'Paleta de comandos (Ctrl+K)',
  'search.palette.label': 'Paleta de comandos',
  'search.palette.placeholder': 'Pesquise ou digite um comando…',
  'search.palette.recent': 'Conversas recentes',
  'search.palette.actions': 'Ações',
  'search.palette.results': 'Mensagens',
  'search.palette.chats': 'Conversas',
  'search.palette.models': 'Modelos',
  'search.palette.count': '{count, plural, one {# resultado} other {# resultados}}',
  'search.palette.none': 'Nenhum resultado',
  'search.palette.searching': 'Pesquisando…',
  'search.palette.newChat': 'Nova conversa',
  'search.palette.promptLibrary': 'Abrir a biblioteca de prompts',
  'search.palette.knowledge': 'Abrir a base de conhecimento',
  'search.palette.settings': 'Abrir as configurações',
  'search.palette.switchModel': 'Trocar de modelo…',
  'search.palette.toggleTheme': 'Alternar entre tema claro e escuro',
  'search.palette.currentModel': 'atual',
  'search.palette.noModels': 'Nenhum modelo disponível',
} as const

translationOf<typeof english>()(search)
