import { translationOf } from '../../catalogue'
import type { apiKeys as english } from '../../en/apiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const apiKeys = {
  'apiKeys.tab': 'Clés d’API',
  'apiKeys.intro':
    'Connectez à Parley vos scripts, notebooks et outils bâtis sur les SDK d’OpenAI. Une clé agit en votre nom\u00a0: vos modèles, votre budget et vos groupes s’appliquent.',
  'apiKeys.new': 'Créer une clé',
  'apiKeys.loadFailed': 'Vos clés d’API n’ont pas pu être chargées',
  'apiKeys.empty': 'Aucune clé d’API pour l’instant',
  'apiKeys.emptyHint':
    'Créez-en une pour utiliser Parley depuis curl, LangChain, Continue ou tout client OpenAI.',
  'apiKeys.off': 'L’API d’équipe est désactivée sur ce serveur',
  'apiKeys.offHint':
    'Un administrateur peut l’activer dans Administration › API. En attendant, vos clés existantes ne fonctionnent pas.',
  'apiKeys.notInGroups': 'Vos groupes n’ont pas accès à l’API d’équipe',
  'apiKeys.notInGroupsHint': 'Demandez à un administrateur de vous ajouter à un groupe qui y a accès.',
  'apiKeys.locked':
    'Les clés d’API restent privées à {name}\u00a0: elles ne peuvent être ni vues ni créées pendant un accès d’assistance.',
  'apiKeys.scope.chat': 'Chat',
  'apiKeys.scope.embeddings': 'Embeddings',
  'apiKeys.scope.models': 'Modèles',
  'apiKeys.scope.chatHint': 'POST /v1/chat/completions',
  'apiKeys.scope.embeddingsHint': 'POST /v1/embeddings',
  'apiKeys.scope.modelsHint': 'GET /v1/models',
  'apiKeys.row.scopes': 'Portées',
  'apiKeys.row.created': 'Créée le {date}',
  'apiKeys.row.lastUsed': 'Dernière utilisation {when}',
  'apiKeys.row.neverUsed': 'Jamais utilisée',
  'apiKeys.row.expires': 'Expire le {date}',
  'apiKeys.row.expired': 'Expirée le {date}',
  'apiKeys.row.noExpiry': 'Sans expiration',
  'apiKeys.row.revoked': 'Révoquée le {date}',
  'apiKeys.row.spend': '{spent} ce mois-ci',
  'apiKeys.row.spendOfLimit': '{spent} sur {limit} ce mois-ci',
  'apiKeys.revoke': 'Révoquer',
  'apiKeys.revokeLabel': 'Révoquer «\u00a0{name}\u00a0»',
  'apiKeys.revokeTitle': 'Révoquer «\u00a0{name}\u00a0»\u00a0?',
  'apiKeys.revokeBody':
    'Les scripts et outils qui utilisent cette clé cessent aussitôt de fonctionner. Cette action est irréversible.',
  'apiKeys.revokeConfirm': 'Révoquer la clé',
  'apiKeys.revoked': 'Clé révoquée',
  'apiKeys.revokeFailed': 'La clé n’a pas pu être révoquée',
  'apiKeys.create.title': 'Créer une clé d’API',
  'apiKeys.create.description':
    'Nommez la clé d’après l’endroit où elle servira, et ne lui donnez que les portées dont elle a besoin.',
  'apiKeys.create.name': 'Nom',
  'apiKeys.create.namePlaceholder': 'Notebook sur mon portable',
  'apiKeys.create.nameRequired': 'Donnez un nom à la clé',
  'apiKeys.create.scopes': 'Portées',
  'apiKeys.create.scopesRequired': 'Choisissez au moins une portée',
  'apiKeys.create.expiry': 'Expire le (facultatif)',
  'apiKeys.create.expiryHint':
    'La clé cesse de fonctionner au début de ce jour. Laissez vide pour ne jamais expirer.',
  'apiKeys.create.expiryPast': 'Choisissez un jour postérieur à aujourd’hui',
  'apiKeys.create.limit': 'Limite mensuelle en dollars (facultatif)',
  'apiKeys.create.limitHint':
    'Les dépenses via cette clé s’arrêtent à ce montant chaque mois. Votre propre budget s’applique aussi.',
  'apiKeys.create.limitInvalid': 'Saisissez un montant comme 5 ou 12,50',
  'apiKeys.create.submit': 'Créer la clé',
  'apiKeys.create.failed': 'La clé n’a pas pu être créée',
  'apiKeys.created.title': 'Votre nouvelle clé d’API',
  'apiKeys.created.once':
    'Copiez cette clé maintenant\u00a0: elle n’est affichée qu’une seule fois. Parley n’en conserve qu’une empreinte.',
  'apiKeys.created.key': 'Clé d’API',
  'apiKeys.created.howTo': 'Comment l’utiliser',
  'apiKeys.created.baseUrl': 'URL de base',
  'apiKeys.created.howToHint':
    'Donnez cette URL de base et la clé à n’importe quel client OpenAI, ou essayez avec curl\u00a0:',
  'apiKeys.created.done': 'Terminé',
} as const

translationOf<typeof english>()(apiKeys)
