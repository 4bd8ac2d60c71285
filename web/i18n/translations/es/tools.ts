import { translationOf } from '../../catalogue'
import type { tools as english } from '../../en/tools'

/** Tools in conversations (issue 30). Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const tools = {
  'tools.menu.title': 'Herramientas',
  'tools.menu.hint': 'El modelo puede usar las herramientas activadas en este chat.',
  'tools.menu.empty': 'Todavía no tienes herramientas disponibles.',
  'tools.menu.noChat': 'Envía un primer mensaje y luego activa herramientas para este chat.',
  'tools.menu.loadFailed': 'No se pudieron cargar las herramientas',
  'tools.menu.saveFailed': 'No se pudieron guardar las herramientas del chat',
  'tools.menu.unreachable': 'No disponible: {error}',
  'tools.menu.functions': 'Sus herramientas: {names}',
  'tools.menu.noFunctions': 'Ahora mismo no ofrece ninguna herramienta.',
  'tools.name.web-search': 'Búsqueda web',
  'tools.name.file-search': 'Búsqueda en archivos',
  'tools.name.image-generation': 'Generación de imágenes',
  'tools.name.code-interpreter': 'Intérprete de código',
  'tools.description.web-search': 'Buscar en internet',
  'tools.description.file-search': 'Buscar en tu base de conocimiento y en los archivos de este chat',
  'tools.description.image-generation': 'Generar imágenes',
  'tools.description.code-interpreter': 'Ejecutar código en un entorno aislado',
  'tools.description.mcp': 'Servidor MCP',
  'tools.prompt.enabled':
    '{count, plural, one {# herramienta activada para este chat} other {# herramientas activadas para este chat}}',
  'tools.calls.label': 'Llamadas a herramientas',
  'tools.call.status.running': 'En curso',
  'tools.call.status.awaiting_approval': 'Espera tu aprobación',
  'tools.call.status.done': 'Hecho',
  'tools.call.status.failed': 'Falló',
  'tools.call.status.denied': 'Denegada',
  'tools.call.milliseconds': '{ms} ms',
  'tools.call.seconds': '{seconds} s',
  'tools.call.arguments': 'Argumentos',
  'tools.call.result': 'Resultado',
  'tools.call.noArguments': 'Sin argumentos',
  'tools.call.noResult': 'Aún no hay resultado',
  'tools.call.ask': 'El modelo quiere ejecutar {name}. ¿Lo permites?',
  'tools.call.approve': 'Aprobar',
  'tools.call.deny': 'Denegar',
  'tools.call.approveLabel': 'Aprobar {name}',
  'tools.call.denyLabel': 'Denegar {name}',
  'tools.call.decideFailed': 'No se pudo enviar tu decisión',
  'tools.call.noLongerWaiting': 'Esta llamada ya no espera una decisión',
} as const

translationOf<typeof english>()(tools)
