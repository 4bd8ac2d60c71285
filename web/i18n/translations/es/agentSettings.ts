import { translationOf } from '../../catalogue'
import type { agentSettings as english } from '../../en/agentSettings'

export const agentSettings = {
  'agentSettings.field.calendar_email': 'Correo electrónico del calendario',
  'agentSettings.config.title': 'Configuración de agentes',
  'agentSettings.config.workflowNote':
    'Los agentes marcados con «Funciona con un flujo de trabajo» requieren integración con flujos de trabajo: cada mensaje que reciben lo procesa un flujo en el servicio de automatización de tu equipo.',
  'agentSettings.config.workflowMissingNote':
    'Los agentes marcados con «Necesita un flujo de trabajo» requieren integración con flujos de trabajo, que tu organización aún no ha configurado. Los demás funcionan en Parley.',
  'agentSettings.config.nativeNote':
    'Estos agentes funcionan en Parley. Activa los que quieras poder elegir en el editor.',
  'agentSettings.config.none': 'Tu organización no ofrece agentes.',
  'agentSettings.config.enable': 'Activar {name}',
  'agentSettings.config.runsWorkflow': 'Funciona con un flujo de trabajo',
  'agentSettings.config.runsNative': 'Funciona en Parley',
  'agentSettings.config.needsWorkflow':
    'Necesita un flujo de trabajo, que aún no está configurado. Pregunta a tu administrador.',
  'agentSettings.config.hiddenShow': 'Oculto en el editor · Mostrar',
  'agentSettings.config.calendarConnection': 'Conexión del calendario',
  'agentSettings.config.required': 'Configuración necesaria',
  'agentSettings.config.fieldRequired': 'Este campo es obligatorio',
  'agentSettings.config.invalidEmail': 'Introduce un correo electrónico válido',
  'agentSettings.config.saved': 'Ajustes de agentes guardados correctamente',
  'agentSettings.calendar.title': 'Configuración del Agente de calendario',
  'agentSettings.calendar.description':
    'El cliente OAuth que te dio tu proveedor de calendario y, después, la conexión con tu calendario. El flujo del Agente de calendario lo usa para programar por ti.',
  'agentSettings.calendar.notOffered': 'Tu organización no ofrece el Agente de calendario.',
  'agentSettings.calendar.redirectUrl': 'URL de redirección OAuth',
  'agentSettings.calendar.redirectHint':
    'Registra esta dirección en tu proveedor de calendario como URL de redirección del cliente OAuth.',
  'agentSettings.calendar.copy': 'Copiar',
  'agentSettings.calendar.copied': 'Copiado',
  'agentSettings.calendar.copyRedirect': 'Copiar la URL de redirección OAuth',
  'agentSettings.calendar.copyFailed': 'No se pudo copiar: selecciona la dirección y cópiala tú mismo',
  'agentSettings.calendar.clientId': 'ID de cliente *',
  'agentSettings.calendar.clientSecret': 'Secreto de cliente *',
  'agentSettings.calendar.secretSaved':
    'Hay un secreto de cliente guardado. Deja el campo vacío para conservarlo.',
  'agentSettings.calendar.secretKeep': 'Guardado (sin cambios)',
  'agentSettings.calendar.save': 'Guardar configuración',
  'agentSettings.calendar.saving': 'Guardando...',
  'agentSettings.calendar.saved': 'Configuración del calendario guardada',
  'agentSettings.calendar.saveFailed': 'No se pudo guardar la configuración del calendario',
  'agentSettings.calendar.connection': 'Tu calendario',
  'agentSettings.calendar.saveFirst': 'Guarda la configuración y luego conecta tu calendario.',
  'agentSettings.calendar.notConnected': 'Todavía no hay ningún calendario conectado.',
  'agentSettings.calendar.connect': 'Conectar calendario',
  'agentSettings.calendar.reconnect': 'Volver a conectar el calendario',
  'agentSettings.calendar.needsReconnect':
    'La conexión con tu calendario ha caducado. Vuelve a conectarlo para seguir usando el Agente de calendario.',
  'agentSettings.calendar.connectedAs': 'Conectado como {email}',
  'agentSettings.calendar.connectedNoEmail': 'Conectado',
  'agentSettings.calendar.disconnect': 'Desconectar',
  'agentSettings.calendar.disconnected': 'Calendario desconectado',
  'agentSettings.calendar.disconnectFailed': 'No se pudo desconectar el calendario',
  'agentSettings.calendar.connectFailed': 'No se pudo iniciar la conexión del calendario',
  'agentSettings.admin.title': 'Agentes',
  'agentSettings.admin.hint':
    'Qué agentes ofrece tu organización y el flujo de trabajo de cada uno. Los campos vacíos usan los valores predeterminados del servidor (N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET).',
  'agentSettings.admin.loadFailed': 'No se pudieron cargar los agentes',
  'agentSettings.admin.offer': 'Ofrecer {name}',
  'agentSettings.admin.webhookUrl': 'URL del webhook',
  'agentSettings.admin.secret': 'Secreto compartido',
  'agentSettings.admin.secretSaved': 'Guardado',
  'agentSettings.admin.secretKeep': 'Déjalo vacío para conservar el secreto guardado',
  'agentSettings.admin.timeout': 'Tiempo límite (segundos)',
  'agentSettings.admin.usesDefaults': 'Usa los valores predeterminados',
  'agentSettings.admin.invalidTimeout': 'Introduce un número entero de segundos entre 1 y 3600',
  'agentSettings.admin.save': 'Guardar',
  'agentSettings.admin.saved': '{name} guardado',
  'agentSettings.admin.saveFailed': 'No se pudo guardar el agente',
} as const

translationOf<typeof english>()(agentSettings)
