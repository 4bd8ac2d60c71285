import { translationOf } from '../../catalogue'
import type { images as english } from '../../en/images'

export const images = {
  'images.dialog.title': 'Créer une image',
  'images.dialog.description': "Décrivez l'image souhaitée. Elle sera ajoutée à cette discussion.",
  'images.dialog.prompt': 'Description',
  'images.dialog.promptPlaceholder':
    'Un chalet douillet dans une forêt enneigée la nuit, une lumière chaude aux fenêtres',
  'images.dialog.ideas': 'Idées rapides',
  'images.idea.city': "Les gratte-ciel d'une ville futuriste au coucher du soleil",
  'images.idea.cat': 'Un chat astronaute flottant parmi les étoiles',
  'images.idea.garden': 'Un paisible jardin japonais en automne',
  'images.idea.cafe': 'Un café chaleureux par un soir de pluie',
  'images.dialog.style': 'Style',
  'images.style.realistic': 'Réaliste',
  'images.style.artistic': 'Artistique',
  'images.style.cartoon': 'Dessin animé',
  'images.style.abstract': 'Abstrait',
  'images.style.vintage': 'Rétro',
  'images.dialog.size': 'Format',
  'images.size.square': 'Carré (1024×1024)',
  'images.size.portrait': 'Portrait (1024×1792)',
  'images.size.landscape': 'Paysage (1792×1024)',
  'images.dialog.credits': "Cette action utilisera des crédits de génération d'images par IA",
  'images.dialog.generate': 'Générer',
  'images.dialog.generating': 'Génération…',
  'images.dialog.unavailable':
    "La génération d'images n'est pas configurée sur ce serveur. Demandez à un administrateur de configurer un modèle d'images.",
  'images.toast.blank': "Veuillez saisir une description de l'image",
  'images.toast.success': 'Image générée avec succès !',
  'images.toast.failed': "Échec de la génération de l'image",
  'images.toast.retry': "Échec de la génération de l'image. Veuillez réessayer.",
} as const

translationOf<typeof english>()(images)
