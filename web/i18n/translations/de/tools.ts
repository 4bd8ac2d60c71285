import { translationOf } from '../../catalogue'
import type { tools as english } from '../../en/tools'

/** Tools in conversations (issue 30). Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const tools = {
  'tools.menu.title': 'Werkzeuge',
  'tools.menu.hint': 'Das Modell darf die Werkzeuge nutzen, die in diesem Chat aktiv sind.',
  'tools.menu.empty': 'Dir stehen noch keine Werkzeuge zur Verfügung.',
  'tools.menu.noChat': 'Sende eine erste Nachricht und schalte dann Werkzeuge für diesen Chat ein.',
  'tools.menu.loadFailed': 'Die Werkzeuge konnten nicht geladen werden',
  'tools.menu.saveFailed': 'Die Werkzeuge des Chats konnten nicht gespeichert werden',
  'tools.menu.unreachable': 'Nicht erreichbar: {error}',
  'tools.menu.functions': 'Seine Werkzeuge: {names}',
  'tools.menu.noFunctions': 'Er bietet gerade keine Werkzeuge an.',
  'tools.name.web-search': 'Websuche',
  'tools.name.file-search': 'Dateisuche',
  'tools.name.image-generation': 'Bilderzeugung',
  'tools.name.code-interpreter': 'Code-Interpreter',
  'tools.description.web-search': 'Im Internet suchen',
  'tools.description.file-search': 'In deiner Wissensdatenbank und den Dateien dieses Chats suchen',
  'tools.description.image-generation': 'Bilder erzeugen',
  'tools.description.code-interpreter': 'Code in einer Sandbox ausführen',
  'tools.description.mcp': 'MCP-Server',
  'tools.prompt.enabled':
    '{count, plural, one {# Werkzeug für diesen Chat eingeschaltet} other {# Werkzeuge für diesen Chat eingeschaltet}}',
  'tools.calls.label': 'Werkzeugaufrufe',
  'tools.call.status.running': 'Läuft',
  'tools.call.status.awaiting_approval': 'Wartet auf deine Freigabe',
  'tools.call.status.done': 'Fertig',
  'tools.call.status.failed': 'Fehlgeschlagen',
  'tools.call.status.denied': 'Abgelehnt',
  'tools.call.milliseconds': '{ms} ms',
  'tools.call.seconds': '{seconds} s',
  'tools.call.arguments': 'Argumente',
  'tools.call.result': 'Ergebnis',
  'tools.call.noArguments': 'Keine Argumente',
  'tools.call.noResult': 'Noch kein Ergebnis',
  'tools.call.ask': 'Das Modell möchte {name} ausführen. Erlauben?',
  'tools.call.approve': 'Erlauben',
  'tools.call.deny': 'Ablehnen',
  'tools.call.approveLabel': '{name} erlauben',
  'tools.call.denyLabel': '{name} ablehnen',
  'tools.call.decideFailed': 'Deine Entscheidung konnte nicht gesendet werden',
  'tools.call.noLongerWaiting': 'Dieser Aufruf wartet nicht mehr auf eine Entscheidung',
} as const

translationOf<typeof english>()(tools)
