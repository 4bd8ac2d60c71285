import { translationOf } from '../../catalogue'
import type { demo as english } from '../../en/demo'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const demo = {
  'demo.badge': 'Demo',
  'demo.badgeHint': 'Una demo usa e getta con dati di esempio: tutto viene eliminato quando si ferma',
  'demo.credentials.intro': 'Questa è una demo con dati di esempio. Accedi come suo amministratore:',
  'demo.credentials.email': 'E-mail',
  'demo.credentials.password': 'Password',
  'demo.credentials.use': 'Usa queste credenziali',
} as const

translationOf<typeof english>()(demo)
