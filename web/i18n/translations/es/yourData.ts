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
} as const

translationOf<typeof english>()(yourData)
