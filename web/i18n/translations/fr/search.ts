import { translationOf } from '../../catalogue'
import type { search as english } from '../../en/search'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const search = {
  'search.sidebar.chats': 'Discussions',
  'search.sidebar.messages': 'Dans les messages',
  'search.sidebar.searching': 'Recherche dans les messages…',
  'search.sidebar.noMessages': 'Aucun message ne correspond',
  'search.sidebar.failed': 'Impossible de chercher dans les messages',
  'search.sidebar.more': 'Plus de résultats',
  'search.sidebar.archivedChats': 'Discussions archivées',
  'search.result.archived': 'Archivée',
  'search.result.open': 'Ouvrir « {title} » à ce message',
  'search.result.openFailed': 'Impossible d’ouvrir le message',
  'search.palette.open': 'Palette de commandes (Ctrl+K)',
  'search.palette.label': 'Palette de commandes',
  'search.palette.placeholder': 'Cherchez ou tapez une commande…',
  'search.palette.recent': 'Discussions récentes',
  'search.palette.actions': 'Actions',
  'search.palette.results': 'Messages',
  'search.palette.chats': 'Discussions',
  'search.palette.models': 'Modèles',
  'search.palette.count': '{count, plural, one {# résultat} other {# résultats}}',
  'search.palette.none': 'Aucun résultat',
  'search.palette.searching': 'Recherche…',
  'search.palette.newChat': 'Nouvelle discussion',
  'search.palette.promptLibrary': 'Ouvrir la bibliothèque de prompts',
  'search.palette.knowledge': 'Ouvrir la base de connaissances',
  'search.palette.settings': 'Ouvrir les paramètres',
  'search.palette.switchModel': 'Changer de modèle…',
  'search.palette.toggleTheme': 'Passer du thème clair au thème sombre',
  'search.palette.currentModel': 'actuel',
  'search.palette.noModels': 'Aucun modèle disponible',
} as const

translationOf<typeof english>()(search)
