import { translationOf } from '../../catalogue'
import type { demo as english } from '../../en/demo'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const demo = {
  'demo.badge': 'Démo',
  'demo.badgeHint': 'Une démo jetable avec des données d’exemple : tout est effacé à son arrêt',
  'demo.credentials.intro':
    'Ceci est une démo avec des données d’exemple. Connectez-vous en tant qu’administrateur :',
  'demo.credentials.email': 'E-mail',
  'demo.credentials.password': 'Mot de passe',
  'demo.credentials.use': 'Utiliser ces identifiants',
} as const

translationOf<typeof english>()(demo)
