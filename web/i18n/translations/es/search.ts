import { translationOf } from '../../catalogue'
import type { search as english } from '../../en/search'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const search = {
  'search.sidebar.chats': 'Chats',
  'search.sidebar.messages': 'En mensajes',
  'search.sidebar.searching': 'Buscando en los mensajes…',
  'search.sidebar.noMessages': 'Ningún mensaje coincide',
  'search.sidebar.failed': 'No se pudieron buscar los mensajes',
  'search.sidebar.more': 'Más resultados',
  'search.sidebar.archivedChats': 'Chats archivados',
  'search.result.archived': 'Archivado',
  'search.result.open': 'Abrir «{title}» en este mensaje',
  'search.result.openFailed': 'No se pudo abrir el mensaje',
  'search.palette.open': 'Paleta de comandos (Ctrl+K)',
  'search.palette.label': 'Paleta de comandos',
  'search.palette.placeholder': 'Busca o escribe un comando…',
  'search.palette.recent': 'Chats recientes',
  'search.palette.actions': 'Acciones',
  'search.palette.results': 'Mensajes',
  'search.palette.chats': 'Chats',
  'search.palette.models': 'Modelos',
  'search.palette.count': '{count, plural, one {# resultado} other {# resultados}}',
  'search.palette.none': 'Sin resultados',
  'search.palette.searching': 'Buscando…',
  'search.palette.newChat': 'Nuevo chat',
  'search.palette.promptLibrary': 'Abrir la biblioteca de prompts',
  'search.palette.knowledge': 'Abrir la base de conocimiento',
  'search.palette.settings': 'Abrir la configuración',
  'search.palette.switchModel': 'Cambiar de modelo…',
  'search.palette.toggleTheme': 'Cambiar entre tema claro y oscuro',
  'search.palette.currentModel': 'actual',
  'search.palette.noModels': 'No hay modelos disponibles',
} as const

translationOf<typeof english>()(search)
