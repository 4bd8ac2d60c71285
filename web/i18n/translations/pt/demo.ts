import { translationOf } from '../../catalogue'
import type { demo as english } from '../../en/demo'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const demo = {
  'demo.badge': 'Demo',
  'demo.badgeHint': 'Uma demo descartável com dados de exemplo: tudo é apagado quando ela para',
  'demo.credentials.intro': 'Esta é uma demo com dados de exemplo. Entre como o administrador dela:',
  'demo.credentials.email': 'E-mail',
  'demo.credentials.password': 'Senha',
  'demo.credentials.use': 'Usar estas credenciais',
} as const

translationOf<typeof english>()(demo)
