import { translationOf } from '../../catalogue'
import type { demo as english } from '../../en/demo'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const demo = {
  'demo.badge': 'Demo',
  'demo.badgeHint': 'Una demo desechable con datos de ejemplo: todo se borra cuando se detiene',
  'demo.credentials.intro': 'Esta es una demo con datos de ejemplo. Inicia sesión como su administrador:',
  'demo.credentials.email': 'Correo electrónico',
  'demo.credentials.password': 'Contraseña',
  'demo.credentials.use': 'Usar estos datos',
} as const

translationOf<typeof english>()(demo)
