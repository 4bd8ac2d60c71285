import { translationOf } from '../../catalogue'
import type { tools as english } from '../../en/tools'

/** Tools in conversations (issue 30). Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const tools = {
  'tools.menu.title': 'Strumenti',
  'tools.menu.hint': 'Il modello può usare gli strumenti attivi in questa chat.',
  'tools.menu.empty': 'Non hai ancora strumenti disponibili.',
  'tools.menu.noChat': 'Invia un primo messaggio, poi attiva gli strumenti per questa chat.',
  'tools.menu.loadFailed': 'Impossibile caricare gli strumenti',
  'tools.menu.saveFailed': 'Impossibile salvare gli strumenti della chat',
  'tools.menu.unreachable': 'Non raggiungibile: {error}',
  'tools.menu.functions': 'I suoi strumenti: {names}',
  'tools.menu.noFunctions': 'Al momento non offre strumenti.',
  'tools.name.web-search': 'Ricerca web',
  'tools.name.file-search': 'Ricerca nei file',
  'tools.name.image-generation': 'Generazione di immagini',
  'tools.name.code-interpreter': 'Interprete di codice',
  'tools.description.web-search': 'Cerca su internet',
  'tools.description.file-search': 'Cerca nella tua knowledge base e nei file di questa chat',
  'tools.description.image-generation': 'Genera immagini',
  'tools.description.code-interpreter': 'Esegui codice in una sandbox',
  'tools.description.mcp': 'Server MCP',
  'tools.prompt.enabled':
    '{count, plural, one {# strumento attivato per questa chat} other {# strumenti attivati per questa chat}}',
  'tools.calls.label': 'Chiamate agli strumenti',
  'tools.call.status.running': 'In corso',
  'tools.call.status.awaiting_approval': 'In attesa della tua approvazione',
  'tools.call.status.done': 'Fatto',
  'tools.call.status.failed': 'Non riuscito',
  'tools.call.status.denied': 'Negato',
  'tools.call.milliseconds': '{ms} ms',
  'tools.call.seconds': '{seconds} s',
  'tools.call.arguments': 'Argomenti',
  'tools.call.result': 'Risultato',
  'tools.call.noArguments': 'Nessun argomento',
  'tools.call.noResult': 'Ancora nessun risultato',
  'tools.call.ask': 'Il modello vuole eseguire {name}. Lo consenti?',
  'tools.call.approve': 'Approva',
  'tools.call.deny': 'Nega',
  'tools.call.approveLabel': 'Approva {name}',
  'tools.call.denyLabel': 'Nega {name}',
  'tools.call.decideFailed': 'Impossibile inviare la tua decisione',
  'tools.call.noLongerWaiting': 'Questa chiamata non attende più una decisione',
} as const

translationOf<typeof english>()(tools)
