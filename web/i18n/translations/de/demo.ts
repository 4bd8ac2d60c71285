import { translationOf } from '../../catalogue'
import type { demo as english } from '../../en/demo'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const demo = {
  'demo.badge': 'Demo',
  'demo.badgeHint': 'Eine Wegwerf-Demo mit Beispieldaten: Beim Beenden wird alles gelöscht',
  'demo.credentials.intro': 'Dies ist eine Demo mit Beispieldaten. Melde dich als ihr Administrator an:',
  'demo.credentials.email': 'E-Mail',
  'demo.credentials.password': 'Passwort',
  'demo.credentials.use': 'Diese Zugangsdaten verwenden',
} as const

translationOf<typeof english>()(demo)
