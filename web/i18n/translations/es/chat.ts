import { translationOf } from '../../catalogue'
import type { chat as english } from '../../en/chat'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const chat = {
  'chat.messages.label': 'Mensajes',
  'chat.messages.loading': 'Cargando mensajes',
  'chat.messages.loadFailed': 'No se pudieron cargar los mensajes',
  'chat.messages.loadOlder': 'Cargar mensajes anteriores',
  'chat.message.user': 'Tu mensaje',
  'chat.message.assistant': 'Mensaje del asistente',
  'chat.message.copy': 'Copiar mensaje',
  'chat.message.copied': 'Copiado',
  'chat.message.thinking': 'Pensando...',
  'chat.message.stopped': 'Detenida',
  'chat.sources.title': 'Fuentes',
  'chat.sources.open': 'Abrir la fuente {number}: {title}',
  'chat.note.imagesNotSeen':
    '{count, plural, one {El modelo no vio {files}: no puede ver imágenes y solo recibió el nombre del archivo.} other {El modelo no vio {files}: no puede ver imágenes y solo recibió los nombres de los archivos.}}',

  'chat.reply.retry': 'Reintentar',
  'chat.reply.regenerate': 'Regenerar',
  'chat.reply.failed': 'No se pudo enviar el mensaje. Inténtalo de nuevo.',
  'chat.reply.refused': 'No se pudo enviar el mensaje',
  'chat.reply.httpError': '¡Error HTTP! Estado: {status}',
  'chat.reply.stopFailed': 'No se pudo detener la respuesta',
  'chat.reply.noChat': 'No hay ningún chat abierto',
  'chat.failure.providerTimeout': 'El proveedor de IA no respondió a tiempo',
  'chat.failure.providerTimeoutSeconds':
    '{seconds, plural, one {El proveedor de IA no respondió en # segundo} other {El proveedor de IA no respondió en # segundos}}',
  'chat.failure.providerUnreachable': 'No se pudo conectar con el proveedor de IA',
  'chat.failure.providerStreamLost':
    'Se perdió la conexión con el proveedor de IA antes de que la respuesta estuviera completa',
  'chat.failure.providerStreamCut':
    'El proveedor de IA cerró la transmisión antes de que la respuesta estuviera completa',
  'chat.failure.providerStatus': 'El proveedor de IA respondió {status}: {detail}',
  'chat.failure.providerFailed': 'El proveedor de IA falló',
  'chat.failure.providerFailedDetail': 'El proveedor de IA falló: {detail}',
  'chat.failure.interrupted': 'La respuesta se interrumpió cuando el servidor se detuvo',
  'chat.failure.noModel': 'No hay ningún modelo de IA disponible en este momento',

  'chat.markdown.image': 'imagen',
  'chat.markdown.imageFrom': 'Imagen de {host}',
  'chat.markdown.loadImage': 'Cargar imagen',
  'chat.markdown.plainText': 'texto',
  'chat.markdown.copyCode': 'Copiar',
  'chat.markdown.copied': 'Copiado',

  'chat.attachments.dropHere': 'Suelta los archivos aquí para adjuntarlos',
  'chat.attachments.attached': 'Archivos adjuntos',
  'chat.attachments.list': 'Archivos adjuntos',
  'chat.attachments.preview': 'Vista previa de',
  'chat.attachments.open': 'Abrir',
  'chat.attachments.openNamed': 'Abrir {name}',
  'chat.attachments.download': 'Descargar {name}',
  'chat.attachments.remove': 'Quitar {name}',
  'chat.attachments.uploading': 'Subiendo {name}',
  'chat.attachments.processing': 'Procesando {name}',
  'chat.attachments.genericExtension': 'ARCHIVO',
  'chat.attachments.file': 'Archivo',
  'chat.attachments.textFile': 'Archivo de texto {extension}',
  'chat.attachments.unknownType': 'Tipo desconocido',
  'chat.attachments.tooMany': 'Demasiados archivos (máx. {max})',
  'chat.attachments.tooLarge': 'El archivo es demasiado grande (máx. {size})',
  'chat.attachments.processFailed': 'No se pudo procesar el archivo: {name}',

  'chat.preview.rotate': 'Girar',
  'chat.preview.download': 'Descargar',
  'chat.preview.remove': 'Quitar',
  'chat.preview.closeHint': 'Haz clic fuera o pulsa Escape para cerrar',

  'chat.settings.title': 'Ajustes avanzados del chat',
  'chat.settings.description':
    'Estos ajustes solo se aplican a esta conversación. Los cambios se aplicarán a partir de tu próximo mensaje.',
  'chat.settings.loadFailed': 'No se pudieron cargar los ajustes',
  'chat.settings.capabilitiesFailed': 'No se pudieron cargar las funciones del servidor',
  'chat.settings.systemPrompt': 'Instrucciones del sistema',
  'chat.settings.systemPromptPlaceholder': 'Eres un asistente útil...',
  'chat.settings.temperature': 'Temperatura',
  'chat.settings.temperatureHint': 'Más alta es más creativa; más baja, más precisa.',
  'chat.settings.maxTokens': 'Tokens máximos',
  'chat.settings.maxTokensField': 'Longitud máxima de la respuesta de la IA (1-128\u00a0000 tokens)',
  'chat.settings.topP': 'Top P',
  'chat.settings.frequencyPenalty': 'Penalización por frecuencia',
  'chat.settings.presencePenalty': 'Penalización por presencia',
  'chat.settings.responseFormat': 'Formato de respuesta',
  'chat.settings.format.text': 'Texto',
  'chat.settings.format.json': 'JSON',
  'chat.settings.format.markdown': 'Markdown',
  'chat.settings.webSearch': 'Activar búsqueda web',
  'chat.settings.webSearchHint': 'Busca en la web y cita los resultados.',
  'chat.settings.webSearchUnavailable': 'La búsqueda web no está configurada en este servidor.',
  'chat.settings.resetToDefaults': 'Restablecer valores predeterminados',
  'chat.settings.resetQuestion':
    '¿Restablecer todos los ajustes a los valores predeterminados? Esta acción no se puede deshacer.',
  'chat.settings.reset': 'Restablecer',
  'chat.settings.save': 'Guardar ajustes',
  'chat.settings.saving': 'Guardando...',
  'chat.settings.saved': 'Ajustes del chat guardados',
  'chat.settings.saveFailed': 'No se pudieron guardar los ajustes',
  'chat.settings.resetDone': 'Ajustes restablecidos a los valores predeterminados',
  'chat.settings.resetFailed': 'No se pudieron restablecer los ajustes',
} as const

translationOf<typeof english>()(chat)
