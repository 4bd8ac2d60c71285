import { translationOf } from '../../catalogue'
import type { adminSharing as english } from '../../en/adminSharing'

/** Admin › Sharing (issue 32): every share link, revoking any, and whether public links are allowed. */
export const adminSharing = {
  'adminSharing.intro':
    'Les liens de partage créés pour les discussions. Un lien révoqué cesse aussitôt de fonctionner.',
  'adminSharing.public.title': 'Liens publics',
  'adminSharing.public.label': 'Autoriser les liens publics',
  'adminSharing.public.hint':
    'Des liens que n’importe qui peut ouvrir sans se connecter. Les désactiver arrête aussitôt tous les liens publics.',
  'adminSharing.public.loadFailed': 'Impossible de savoir si les liens publics sont autorisés',
  'adminSharing.public.saveFailed': 'Le réglage n’a pas pu être enregistré',
  'adminSharing.public.turnedOn': 'Les liens publics sont autorisés',
  'adminSharing.public.turnedOff': 'Les liens publics sont désactivés',
  'adminSharing.off.title': 'Arrêter tous les liens publics\u00a0?',
  'adminSharing.off.body':
    '{count, plural, one {# lien public cesse aussitôt de fonctionner.} other {# liens publics cessent aussitôt de fonctionner.}} Si vous autorisez de nouveau les liens publics plus tard, ceux qui n’ont pas été révoqués et n’ont pas expiré fonctionneront de nouveau.',
  'adminSharing.off.confirm': 'Arrêter les liens publics',
  'adminSharing.links.title': 'Liens',
  'adminSharing.links.empty': 'Personne n’a encore partagé de discussion.',
  'adminSharing.links.loadFailed': 'Les liens n’ont pas pu être chargés',
  'adminSharing.links.newest': 'Seuls les {count} liens les plus récents sont affichés.',
  'adminSharing.links.views': 'Vues',
  'adminSharing.links.created': 'Créé',
  'adminSharing.links.expires': 'Expire',
  'adminSharing.links.never': 'Jamais',
  'adminSharing.links.revoke': 'Révoquer',
  'adminSharing.links.revokeLabel': 'Révoquer le lien vers «\u00a0{title}\u00a0» de {owner}',
  'adminSharing.audience.organization': 'Organisation',
  'adminSharing.audience.public': 'Public',
  'adminSharing.state.active': 'Actif',
  'adminSharing.state.paused': 'Suspendu',
  'adminSharing.state.pausedHint':
    'Les liens publics sont désactivés. Il fonctionnera de nouveau dès qu’ils seront autorisés.',
  'adminSharing.state.expired': 'Expiré',
  'adminSharing.state.revoked': 'Révoqué',
  'adminSharing.revoke.title': 'Révoquer le lien vers «\u00a0{title}\u00a0»\u00a0?',
  'adminSharing.revoke.body':
    'Il cesse aussitôt de fonctionner pour toutes les personnes qui l’ont. {owner} peut créer un nouveau lien vers la discussion.',
  'adminSharing.revoke.confirm': 'Révoquer le lien',
  'adminSharing.revoke.done': 'Lien révoqué',
  'adminSharing.revoke.failed': 'Le lien n’a pas pu être révoqué',
} as const

translationOf<typeof english>()(adminSharing)
