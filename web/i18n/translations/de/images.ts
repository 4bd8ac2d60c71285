import { translationOf } from '../../catalogue'
import type { images as english } from '../../en/images'

export const images = {
  'images.dialog.title': 'Bild erstellen',
  'images.dialog.description': 'Beschreib das gewünschte Bild. Es wird diesem Chat hinzugefügt.',
  'images.dialog.prompt': 'Beschreibung',
  'images.dialog.promptPlaceholder':
    'Eine gemütliche Hütte in einem verschneiten Wald bei Nacht, warmes Licht in den Fenstern',
  'images.dialog.ideas': 'Schnelle Ideen',
  'images.idea.city': 'Die Skyline einer futuristischen Stadt bei Sonnenuntergang',
  'images.idea.cat': 'Eine Astronautenkatze, die zwischen den Sternen schwebt',
  'images.idea.garden': 'Ein friedlicher japanischer Garten im Herbst',
  'images.idea.cafe': 'Ein gemütliches Café an einem regnerischen Abend',
  'images.dialog.style': 'Stil',
  'images.style.realistic': 'Realistisch',
  'images.style.artistic': 'Künstlerisch',
  'images.style.cartoon': 'Cartoon',
  'images.style.abstract': 'Abstrakt',
  'images.style.vintage': 'Vintage',
  'images.dialog.size': 'Format',
  'images.size.square': 'Quadratisch (1024×1024)',
  'images.size.portrait': 'Hochformat (1024×1792)',
  'images.size.landscape': 'Querformat (1792×1024)',
  'images.dialog.credits': 'Dafür werden KI-Guthaben für die Bildgenerierung verbraucht',
  'images.dialog.generate': 'Generieren',
  'images.dialog.generating': 'Wird generiert…',
  'images.dialog.unavailable':
    'Die Bildgenerierung ist auf diesem Server nicht eingerichtet. Bitte einen Administrator, ein Bildmodell zu konfigurieren.',
  'images.toast.blank': 'Bitte gib eine Beschreibung für das Bild ein',
  'images.toast.success': 'Bild erfolgreich generiert!',
  'images.toast.failed': 'Bild konnte nicht generiert werden',
  'images.toast.retry': 'Bild konnte nicht generiert werden. Bitte versuch es noch einmal.',
} as const

translationOf<typeof english>()(images)
