import { translationOf } from '../../catalogue'
import type { admin as english } from '../../en/admin'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const admin = {
  'admin.title': 'Administración',
  'admin.signedInAs': 'Sesión iniciada como administrador: {name}.',
  'admin.notAllowedTitle': 'Acceso no permitido',
  'admin.notAllowed':
    'No tienes permiso para abrir el área de administración. Solo los administradores pueden hacerlo.',
  'admin.nav.label': 'Secciones de administración',
  'admin.nav.users': 'Usuarios',
  'admin.nav.audit': 'Registro de auditoría',
  'admin.nav.budgets': 'Presupuestos',
  'admin.nav.models': 'Modelos',
  'admin.nav.usage': 'Uso',
  'admin.nav.branding': 'Marca',
  'admin.nav.impersonations': 'Acceso de soporte',
  'admin.nav.signIn': 'Inicio de sesión',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'Servidores MCP',
  'admin.nav.sharing': 'Compartir',
  'admin.nav.retention': 'Conservación',
  'admin.nav.backups': 'Copias de seguridad',
  'admin.nav.groups': 'Grupos',
  'admin.budgets.intro':
    'Límites de gasto para toda la organización. Un valor fijado aquí sustituye al de la configuración del servidor.',
  'admin.budgets.loadFailed': 'No se pudieron cargar los ajustes de presupuesto',
  'admin.budgets.saveFailed': 'No se pudieron guardar los ajustes de presupuesto',
  'admin.budgets.saved': 'Ajustes de presupuesto guardados',
  'admin.budgets.resetDone': 'Restablecido el valor de la configuración del servidor',
  'admin.budgets.save': 'Guardar',
  'admin.budgets.daily': 'Límite diario',
  'admin.budgets.monthly': 'Límite mensual',
  'admin.budgets.limitHint': 'En dólares estadounidenses. Déjalo vacío para no tener límite.',
  'admin.budgets.current': 'Ahora: {amount}',
  'admin.budgets.noLimit': 'Sin límite',
  'admin.budgets.threshold': 'Umbral de alerta',
  'admin.budgets.thresholdHint': 'Avisa cuando se haya usado esta parte de un límite (1–⁠100 %).',
  'admin.budgets.enforce': 'Bloquear solicitudes por encima del límite',
  'admin.budgets.enforceHint': 'Si está desactivado, solo se avisa.',
  'admin.budgets.timeZone': 'Zona horaria',
  'admin.budgets.timeZoneHint': 'Los días y los meses empiezan a medianoche en esta zona horaria.',
  'admin.budgets.timeZoneNone': 'Ninguna zona horaria coincide',
  'admin.budgets.source.environment': 'Fijado por la configuración del servidor',
  'admin.budgets.source.organisation': 'Fijado aquí',
  'admin.budgets.reset': 'Usar el valor del servidor',
  'admin.budgets.resetLabel': 'Usar el valor del servidor: {field}',
  'admin.budgets.invalidAmount': 'Introduce un importe en dólares, por ejemplo 12.50',
  'admin.budgets.invalidPercent': 'Introduce un porcentaje entero de 1 a 100',
  'admin.budgets.invalidTimeZone': 'Elige una zona horaria de la lista',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Introduce un importe en dólares de 0 a 1.000.000.000 con dos decimales como máximo (centavos)',
  'admin.budgets.thresholdRefused': 'El umbral de alerta debe ser un porcentaje entero de 1 a 100',
  'admin.budgets.timeZoneRefused': 'Zona horaria desconocida. Elige una como Europe/Paris o America/New_York',
} as const

translationOf<typeof english>()(admin)
