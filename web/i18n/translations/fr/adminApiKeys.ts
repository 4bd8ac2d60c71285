import { translationOf } from '../../catalogue'
import type { adminApiKeys as english } from '../../en/adminApiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const adminApiKeys = {
  'adminApiKeys.intro':
    'L’API d’équipe permet d’utiliser Parley depuis des scripts et des outils avec des clés personnelles. L’accès aux modèles et les budgets de chacun s’appliquent, et chaque appel est enregistré dans Utilisation.',
  'adminApiKeys.access.title': 'Accès',
  'adminApiKeys.access.enabled': 'API d’équipe activée',
  'adminApiKeys.access.enabledHint':
    'Désactivée\u00a0: aucune clé ne fonctionne, aucune n’est supprimée et personne ne peut en créer.',
  'adminApiKeys.access.fromEnvironment':
    'Actuellement fixé par le réglage API_KEYS du serveur, jusqu’à ce que vous enregistriez ici.',
  'adminApiKeys.access.who': 'Qui peut l’utiliser',
  'adminApiKeys.access.everyone': 'Tout le monde',
  'adminApiKeys.access.groups': 'Seulement ces groupes',
  'adminApiKeys.access.groupsLabel': 'Groupes',
  'adminApiKeys.access.noGroups':
    'Il n’y a encore aucun groupe. Créez-en un d’abord dans Administration › Groupes.',
  'adminApiKeys.access.chooseGroup': 'Choisissez au moins un groupe',
  'adminApiKeys.access.save': 'Enregistrer',
  'adminApiKeys.access.saved': 'Accès à l’API enregistré',
  'adminApiKeys.access.saveFailed': 'L’accès à l’API n’a pas pu être enregistré',
  'adminApiKeys.access.loadFailed': 'L’accès à l’API n’a pas pu être chargé',
  'adminApiKeys.keys.title': 'Clés',
  'adminApiKeys.keys.loadFailed': 'Les clés n’ont pas pu être chargées',
  'adminApiKeys.keys.empty': 'Personne n’a encore créé de clé d’API.',
  'adminApiKeys.keys.lastUsed': 'Dernière utilisation',
  'adminApiKeys.keys.spend': 'Dépenses ce mois-ci',
  'adminApiKeys.keys.never': 'Jamais',
  'adminApiKeys.keys.limit': 'sur {limit}',
  'adminApiKeys.keys.revoked': 'Révoquée le {date}',
  'adminApiKeys.keys.expired': 'Expirée le {date}',
  'adminApiKeys.keys.revoke': 'Révoquer',
  'adminApiKeys.keys.revokeLabel': 'Révoquer «\u00a0{name}\u00a0» de {owner}',
  'adminApiKeys.keys.revokeTitle': 'Révoquer «\u00a0{name}\u00a0»\u00a0?',
  'adminApiKeys.keys.revokeBody':
    'La clé de {owner} cesse aussitôt de fonctionner, sur toutes les instances. L’action est inscrite au journal d’audit et ne peut pas être annulée.',
  'adminApiKeys.keys.revokeConfirm': 'Révoquer la clé',
  'adminApiKeys.keys.revokedToast': 'Clé révoquée',
  'adminApiKeys.keys.revokeFailed': 'La clé n’a pas pu être révoquée',
} as const

translationOf<typeof english>()(adminApiKeys)
