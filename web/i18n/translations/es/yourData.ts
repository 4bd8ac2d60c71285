import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Tus datos',
  'yourData.retention.title': 'Lo que conserva tu organización',
  'yourData.retention.none': 'Tus chats y archivos se conservan hasta que los elimines.',
  'yourData.retention.chats':
    'Los chats que no has usado durante {days, plural, one {# día} other {# días}} se eliminan. Los chats fijados se conservan.',
  'yourData.retention.files':
    'Los archivos y las imágenes generadas se eliminan {days, plural, one {# día} other {# días}} después de su mensaje.',
  'yourData.retention.loadFailed': 'No se pudo leer la política de conservación.',
  'yourData.import.title': 'Traer chats',
  'yourData.import.intro':
    'Trae tu historial de ChatGPT o Claude (el zip de la exportación o su conversations.json), o chats exportados de Parley como JSON. Se conservan los títulos, las fechas y las ramas; importar el mismo archivo otra vez no duplica nada.',
  'yourData.import.choose': 'Elegir un archivo…',
  'yourData.import.limit': 'Un archivo .zip o .json de hasta 100 MB.',
  'yourData.import.uploading': 'Enviando {name}…',
  'yourData.import.reading': 'Leyendo {name}…',
  'yourData.import.running': 'Importando {name}: {done} de {total}',
  'yourData.import.progressLabel': 'Progreso de la importación',
  'yourData.import.cancel': 'Cancelar importación',
  'yourData.import.cancelled': 'Cancelada. No se importó nada de {name}.',
  'yourData.import.done':
    'Se importaron {chats, plural, one {# chat} other {# chats}} con {messages, plural, one {# mensaje} other {# mensajes}} de {name}.',
  'yourData.import.doneToast': 'Importación terminada',
  'yourData.import.duplicates':
    '{count, plural, one {# chat ya se había importado y no se vuelve a añadir.} other {# chats ya se habían importado y no se vuelven a añadir.}}',
  'yourData.import.skipped':
    '{count, plural, one {# elemento omitido o cambiado} other {# elementos omitidos o cambiados}}',
  'yourData.import.failed': 'No se importó nada de {name}: {reason}',
  'yourData.import.uploadFailed': 'No se pudo enviar el archivo',
  'yourData.import.loadFailed': 'No se pudieron cargar tus importaciones',
  'yourData.import.cancelFailed': 'No se pudo cancelar la importación',
  'yourData.import.earlier': 'Importaciones anteriores',
  'yourData.import.from.chatgpt': 'Exportación de ChatGPT',
  'yourData.import.from.claude': 'Exportación de Claude',
  'yourData.import.from.parley': 'Exportación de Parley',
  'yourData.import.status.running': 'Importando',
  'yourData.import.status.done': 'Importada',
  'yourData.import.status.failed': 'Fallida',
  'yourData.import.status.cancelled': 'Cancelada',
  'yourData.import.summary':
    '{chats, plural, one {# chat} other {# chats}}, {messages, plural, one {# mensaje} other {# mensajes}}',
  'yourData.import.locked': 'Durante el acceso de soporte no se pueden importar chats a la cuenta de {name}.',
  'yourData.export.title': 'Llévate tus datos',
  'yourData.export.intro':
    'Un zip con tu perfil, cada chat con todas sus ramas (JSON y Markdown), tus archivos e imágenes generadas, prompts, entradas de conocimiento y uso. Se prepara en segundo plano; te avisamos cuando esté listo y se puede descargar durante 7 días.',
  'yourData.export.start': 'Preparar mis datos',
  'yourData.export.running':
    'Preparando tus datos… Puedes cerrar esta ventana: te avisaremos cuando estén listos.',
  'yourData.export.ready': 'Listo: {size}. Se puede descargar hasta el {date}.',
  'yourData.export.download': 'Descargar',
  'yourData.export.failed': 'No se pudieron preparar tus datos: {reason}',
  'yourData.export.expired': 'Tu última descarga ha caducado. Prepara una nueva cuando la necesites.',
  'yourData.export.startFailed': 'No se pudieron preparar tus datos',
  'yourData.export.loadFailed': 'No se pudieron cargar tus descargas',
  'yourData.export.locked': 'Durante el acceso de soporte no se pueden descargar los datos de {name}.',
  'yourData.import.failure.not_an_export': 'Este archivo no es una exportación de ChatGPT, Claude ni Parley.',
  'yourData.import.failure.not_json': 'El archivo no es JSON válido: puede estar dañado o incompleto.',
  'yourData.import.failure.no_conversations': 'El zip no contiene ningún conversations.json.',
  'yourData.import.failure.damaged_zip': 'El archivo zip está dañado o incompleto.',
  'yourData.import.failure.too_many_files':
    'El zip contiene más de 20.000 archivos: importa por separado el conversations.json que contiene.',
  'yourData.import.failure.too_large': 'La exportación ocupa más de 100 MB descomprimida.',
  'yourData.import.failure.too_many_conversations':
    'La exportación contiene {count} conversaciones; como máximo se pueden importar {max} a la vez.',
  'yourData.import.failure.interrupted': 'El servidor se detuvo durante la importación; no se importó nada.',
  'yourData.import.failure.unexpected': 'La importación falló de forma inesperada; no se importó nada.',
  'yourData.import.reason.unsafe_zip_name': 'Un archivo del zip tiene un nombre no seguro y se ignoró.',
  'yourData.import.reason.not_parley_chat':
    'Este archivo del zip no es una exportación de chat de Parley y se ignoró.',
  'yourData.import.reason.not_a_conversation': 'Esta entrada no es una conversación de {format} y se omitió.',
  'yourData.import.reason.no_messages': 'La conversación no tiene mensajes que importar.',
  'yourData.import.reason.too_many_messages': 'La conversación tiene más de {max} mensajes y se omitió.',
  'yourData.import.reason.truncated':
    '{count, plural, one {Un mensaje de más de 1 MB se recortó a su primer MB.} other {# mensajes de más de 1 MB se recortaron a su primer MB.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# mensaje no está conectado a la conversación y se omitió.} other {# mensajes no están conectados a la conversación y se omitieron.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {Se omitió # mensaje de un remitente desconocido.} other {Se omitieron # mensajes de un remitente desconocido.}}',
  'yourData.import.reason.placeholders':
    'Las partes que la exportación no contiene o que Parley no puede mostrar se conservaron como texto: {parts}.',
  'yourData.import.part.image': '{count, plural, one {# imagen} other {# imágenes}}',
  'yourData.import.part.file': '{count, plural, one {# archivo} other {# archivos}}',
  'yourData.import.part.audio': '{count, plural, one {# grabación} other {# grabaciones}}',
  'yourData.import.part.toolCall':
    '{count, plural, one {# llamada a herramienta} other {# llamadas a herramientas}}',
  'yourData.import.part.toolOutput':
    '{count, plural, one {# resultado de herramienta} other {# resultados de herramientas}}',
  'yourData.import.part.thinking':
    '{count, plural, one {# paso de razonamiento} other {# pasos de razonamiento}}',
  'yourData.import.part.other': '{count, plural, one {# otra parte} other {# otras partes}}',
} as const

translationOf<typeof english>()(yourData)
