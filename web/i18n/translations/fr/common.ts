import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Annuler',
  'common.save': 'Enregistrer',
  'common.close': 'Fermer',
  'common.delete': 'Supprimer',
  'common.loading': 'Chargement…',
  'common.language': 'Langue',
  'common.tagline': 'L’assistant IA de votre équipe',
  'common.branding.loadFailed': 'Impossible de charger l’identité visuelle',
  'common.backToApp': 'Retour à l’application',
  'common.notFound.title': 'Page introuvable',
  'common.toasts.close': 'Fermer la notification',
  'common.toasts.label': 'Notifications',
  'common.brand.logo': 'Logo de {name}',
  'common.copy': 'Copier',
  'common.copied': 'Copié',
  'common.copyFailed': 'Impossible de copier. Sélectionnez le texte et copiez-le vous-même.',
})
