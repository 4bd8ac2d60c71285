import { translationOf } from '../../catalogue'
import type { search as english } from '../../en/search'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const search = {
  'search.sidebar.chats': 'Chat',
  'search.sidebar.messages': 'Nei messaggi',
  'search.sidebar.searching': 'Ricerca nei messaggi…',
  'search.sidebar.noMessages': 'Nessun messaggio corrisponde',
  'search.sidebar.failed': 'Impossibile cercare nei messaggi',
  'search.sidebar.more': 'Altri risultati',
  'search.sidebar.archivedChats': 'Chat archiviate',
  'search.result.archived': 'Archiviata',
  'search.result.open': 'Apri «{title}» a questo messaggio',
  'search.result.openFailed': 'Impossibile aprire il messaggio',
  'search.palette.open': 'Tavolozza dei comandi (Ctrl+K)',
  'search.palette.label': 'Tavolozza dei comandi',
  'search.palette.placeholder': 'Cerca o digita un comando…',
  'search.palette.recent': 'Chat recenti',
  'search.palette.actions': 'Azioni',
  'search.palette.results': 'Messaggi',
  'search.palette.chats': 'Chat',
  'search.palette.models': 'Modelli',
  'search.palette.count': '{count, plural, one {# risultato} other {# risultati}}',
  'search.palette.none': 'Nessun risultato',
  'search.palette.searching': 'Ricerca in corso…',
  'search.palette.newChat': 'Nuova chat',
  'search.palette.promptLibrary': 'Apri la libreria dei prompt',
  'search.palette.knowledge': 'Apri la base di conoscenza',
  'search.palette.settings': 'Apri le impostazioni',
  'search.palette.switchModel': 'Cambia modello…',
  'search.palette.toggleTheme': 'Passa dal tema chiaro a quello scuro',
  'search.palette.currentModel': 'attuale',
  'search.palette.noModels': 'Nessun modello disponibile',
} as const

translationOf<typeof english>()(search)
