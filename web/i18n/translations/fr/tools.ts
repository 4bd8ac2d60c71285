import { translationOf } from '../../catalogue'
import type { tools as english } from '../../en/tools'

/** Tools in conversations (issue 30). Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const tools = {
  'tools.menu.title': 'Outils',
  'tools.menu.hint': 'Le modèle peut utiliser les outils activés dans cette discussion.',
  'tools.menu.empty': 'Aucun outil ne vous est encore proposé.',
  'tools.menu.noChat': 'Envoyez un premier message, puis activez des outils pour cette discussion.',
  'tools.menu.loadFailed': 'Les outils n’ont pas pu être chargés',
  'tools.menu.saveFailed': 'Les outils de la discussion n’ont pas pu être enregistrés',
  'tools.menu.unreachable': 'Injoignable : {error}',
  'tools.menu.functions': 'Ses outils : {names}',
  'tools.menu.noFunctions': 'Il ne propose aucun outil pour le moment.',
  'tools.name.web-search': 'Recherche web',
  'tools.name.file-search': 'Recherche de fichiers',
  'tools.name.image-generation': 'Génération d’images',
  'tools.name.code-interpreter': 'Interpréteur de code',
  'tools.description.web-search': 'Rechercher sur internet',
  'tools.description.file-search':
    'Chercher dans votre base de connaissances et les fichiers de cette discussion',
  'tools.description.image-generation': 'Générer des images',
  'tools.description.code-interpreter': 'Exécuter du code dans un bac à sable',
  'tools.description.mcp': 'Serveur MCP',
  'tools.prompt.enabled':
    '{count, plural, one {# outil activé pour cette discussion} other {# outils activés pour cette discussion}}',
  'tools.calls.label': 'Appels d’outils',
  'tools.call.status.running': 'En cours',
  'tools.call.status.awaiting_approval': 'En attente de votre accord',
  'tools.call.status.done': 'Terminé',
  'tools.call.status.failed': 'Échec',
  'tools.call.status.denied': 'Refusé',
  'tools.call.milliseconds': '{ms} ms',
  'tools.call.seconds': '{seconds} s',
  'tools.call.arguments': 'Arguments',
  'tools.call.result': 'Résultat',
  'tools.call.noArguments': 'Aucun argument',
  'tools.call.noResult': 'Pas encore de résultat',
  'tools.call.ask': 'Le modèle veut exécuter {name}. L’autorisez-vous ?',
  'tools.call.approve': 'Autoriser',
  'tools.call.deny': 'Refuser',
  'tools.call.approveLabel': 'Autoriser {name}',
  'tools.call.denyLabel': 'Refuser {name}',
  'tools.call.decideFailed': 'Votre décision n’a pas pu être envoyée',
  'tools.call.noLongerWaiting': 'Cet appel n’attend plus de décision',
} as const

translationOf<typeof english>()(tools)
