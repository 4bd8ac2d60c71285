import { translationOf } from '../../catalogue'
import type { adminApiKeys as english } from '../../en/adminApiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const adminApiKeys = {
  'adminApiKeys.intro':
    'La API del equipo permite usar Parley desde scripts y herramientas con claves personales. Se aplican su acceso a modelos y sus presupuestos, y cada llamada queda registrada en Uso.',
  'adminApiKeys.access.title': 'Acceso',
  'adminApiKeys.access.enabled': 'API del equipo activada',
  'adminApiKeys.access.enabledHint':
    'Desactivada: ninguna clave funciona, ninguna se elimina y nadie puede crear una.',
  'adminApiKeys.access.fromEnvironment':
    'Ahora lo fija el ajuste API_KEYS del servidor, hasta que guardes aquí.',
  'adminApiKeys.access.who': 'Quién puede usarla',
  'adminApiKeys.access.everyone': 'Todos',
  'adminApiKeys.access.groups': 'Solo estos grupos',
  'adminApiKeys.access.groupsLabel': 'Grupos',
  'adminApiKeys.access.noGroups': 'Aún no hay grupos. Crea uno primero en Administración › Grupos.',
  'adminApiKeys.access.chooseGroup': 'Elige al menos un grupo',
  'adminApiKeys.access.save': 'Guardar',
  'adminApiKeys.access.saved': 'Acceso a la API guardado',
  'adminApiKeys.access.saveFailed': 'No se pudo guardar el acceso a la API',
  'adminApiKeys.access.loadFailed': 'No se pudo cargar el acceso a la API',
  'adminApiKeys.keys.title': 'Claves',
  'adminApiKeys.keys.loadFailed': 'No se pudieron cargar las claves',
  'adminApiKeys.keys.empty': 'Nadie ha creado todavía una clave de API.',
  'adminApiKeys.keys.lastUsed': 'Último uso',
  'adminApiKeys.keys.spend': 'Gasto este mes',
  'adminApiKeys.keys.never': 'Nunca',
  'adminApiKeys.keys.limit': 'de {limit}',
  'adminApiKeys.keys.revoked': 'Revocada el {date}',
  'adminApiKeys.keys.expired': 'Caducó el {date}',
  'adminApiKeys.keys.revoke': 'Revocar',
  'adminApiKeys.keys.revokeLabel': 'Revocar «{name}» de {owner}',
  'adminApiKeys.keys.revokeTitle': '¿Revocar «{name}»?',
  'adminApiKeys.keys.revokeBody':
    'La clave de {owner} deja de funcionar al instante en todas las instancias. Queda registrado en el registro de auditoría y no se puede deshacer.',
  'adminApiKeys.keys.revokeConfirm': 'Revocar clave',
  'adminApiKeys.keys.revokedToast': 'Clave revocada',
  'adminApiKeys.keys.revokeFailed': 'No se pudo revocar la clave',
} as const

translationOf<typeof english>()(adminApiKeys)
