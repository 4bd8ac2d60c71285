import { translationOf } from '../../catalogue'
import type { search as english } from '../../en/search'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const search = {
  'search.sidebar.chats': 'Chats',
  'search.sidebar.messages': 'In Nachrichten',
  'search.sidebar.searching': 'Nachrichten werden durchsucht…',
  'search.sidebar.noMessages': 'Keine Nachricht passt',
  'search.sidebar.failed': 'Die Nachrichten konnten nicht durchsucht werden',
  'search.sidebar.more': 'Weitere Ergebnisse',
  'search.sidebar.archivedChats': 'Archivierte Chats',
  'search.result.archived': 'Archiviert',
  'search.result.open': '„{title}“ bei dieser Nachricht öffnen',
  'search.result.openFailed': 'Die Nachricht konnte nicht geöffnet werden',
  'search.palette.open': 'Befehlspalette (Strg+K)',
  'search.palette.label': 'Befehlspalette',
  'search.palette.placeholder': 'Suchen oder Befehl eingeben…',
  'search.palette.recent': 'Letzte Chats',
  'search.palette.actions': 'Aktionen',
  'search.palette.results': 'Nachrichten',
  'search.palette.chats': 'Chats',
  'search.palette.models': 'Modelle',
  'search.palette.count': '{count, plural, one {# Ergebnis} other {# Ergebnisse}}',
  'search.palette.none': 'Keine Ergebnisse',
  'search.palette.searching': 'Suche läuft…',
  'search.palette.newChat': 'Neuer Chat',
  'search.palette.promptLibrary': 'Prompt-Bibliothek öffnen',
  'search.palette.knowledge': 'Wissensdatenbank öffnen',
  'search.palette.settings': 'Einstellungen öffnen',
  'search.palette.switchModel': 'Modell wechseln…',
  'search.palette.toggleTheme': 'Zwischen hellem und dunklem Design wechseln',
  'search.palette.currentModel': 'aktuell',
  'search.palette.noModels': 'Keine Modelle verfügbar',
} as const

translationOf<typeof english>()(search)
