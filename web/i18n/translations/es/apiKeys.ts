import { translationOf } from '../../catalogue'
import type { apiKeys as english } from '../../en/apiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const apiKeys = {
  'apiKeys.tab': 'Claves de API',
  'apiKeys.intro':
    'Conecta con Parley scripts, cuadernos y herramientas basados en los SDK de OpenAI. Una clave actúa en tu nombre: se aplican tus modelos, tu presupuesto y tus grupos.',
  'apiKeys.new': 'Crear clave',
  'apiKeys.loadFailed': 'No se pudieron cargar tus claves de API',
  'apiKeys.empty': 'Aún no hay claves de API',
  'apiKeys.emptyHint':
    'Crea una para usar Parley desde curl, LangChain, Continue o cualquier cliente de OpenAI.',
  'apiKeys.off': 'La API del equipo está desactivada en este servidor',
  'apiKeys.offHint':
    'Un administrador puede activarla en Administración › API. Mientras tanto, las claves que ya creaste no funcionan.',
  'apiKeys.notInGroups': 'Tus grupos no tienen acceso a la API del equipo',
  'apiKeys.notInGroupsHint': 'Pide a un administrador que te añada a un grupo que pueda usarla.',
  'apiKeys.locked':
    'Las claves de API son privadas de {name}: no se pueden ver ni crear durante un acceso de soporte.',
  'apiKeys.scope.chat': 'Chat',
  'apiKeys.scope.embeddings': 'Embeddings',
  'apiKeys.scope.models': 'Modelos',
  'apiKeys.scope.chatHint': 'POST /v1/chat/completions',
  'apiKeys.scope.embeddingsHint': 'POST /v1/embeddings',
  'apiKeys.scope.modelsHint': 'GET /v1/models',
  'apiKeys.row.scopes': 'Permisos',
  'apiKeys.row.created': 'Creada el {date}',
  'apiKeys.row.lastUsed': 'Último uso {when}',
  'apiKeys.row.neverUsed': 'Sin usar',
  'apiKeys.row.expires': 'Caduca el {date}',
  'apiKeys.row.expired': 'Caducó el {date}',
  'apiKeys.row.noExpiry': 'Sin caducidad',
  'apiKeys.row.revoked': 'Revocada el {date}',
  'apiKeys.row.spend': '{spent} este mes',
  'apiKeys.row.spendOfLimit': '{spent} de {limit} este mes',
  'apiKeys.revoke': 'Revocar',
  'apiKeys.revokeLabel': 'Revocar «{name}»',
  'apiKeys.revokeTitle': '¿Revocar «{name}»?',
  'apiKeys.revokeBody':
    'Los scripts y herramientas que usan esta clave dejan de funcionar al instante. No se puede deshacer.',
  'apiKeys.revokeConfirm': 'Revocar clave',
  'apiKeys.revoked': 'Clave revocada',
  'apiKeys.revokeFailed': 'No se pudo revocar la clave',
  'apiKeys.create.title': 'Crear clave de API',
  'apiKeys.create.description':
    'Ponle a la clave el nombre del lugar donde la usarás y dale solo los permisos que necesite.',
  'apiKeys.create.name': 'Nombre',
  'apiKeys.create.namePlaceholder': 'Cuaderno en mi portátil',
  'apiKeys.create.nameRequired': 'Ponle un nombre a la clave',
  'apiKeys.create.scopes': 'Permisos',
  'apiKeys.create.scopesRequired': 'Elige al menos un permiso',
  'apiKeys.create.expiry': 'Caduca el (opcional)',
  'apiKeys.create.expiryHint':
    'La clave deja de funcionar al comenzar ese día. Déjalo vacío para que no caduque.',
  'apiKeys.create.expiryPast': 'Elige un día posterior a hoy',
  'apiKeys.create.limit': 'Límite mensual en dólares (opcional)',
  'apiKeys.create.limitHint':
    'El gasto con esta clave se detiene en este importe cada mes. Tu propio presupuesto también se aplica.',
  'apiKeys.create.limitInvalid': 'Introduce un importe como 5 o 12,50',
  'apiKeys.create.submit': 'Crear clave',
  'apiKeys.create.failed': 'No se pudo crear la clave',
  'apiKeys.created.title': 'Tu nueva clave de API',
  'apiKeys.created.once':
    'Copia esta clave ahora: solo se muestra una vez. Parley solo guarda una huella de ella.',
  'apiKeys.created.key': 'Clave de API',
  'apiKeys.created.howTo': 'Cómo usarla',
  'apiKeys.created.baseUrl': 'URL base',
  'apiKeys.created.howToHint':
    'Indica esta URL base y la clave a cualquier cliente de OpenAI, o pruébala con curl:',
  'apiKeys.created.done': 'Listo',
} as const

translationOf<typeof english>()(apiKeys)
