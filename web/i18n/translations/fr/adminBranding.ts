import { translationOf } from '../../catalogue'
import type { adminBranding as english } from '../../en/adminBranding'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminBranding = {
  'adminBranding.intro':
    'L’apparence de l’application pour tout le monde, sur la page de connexion et à l’intérieur. Une valeur définie ici remplace celle de la configuration du serveur, et une modification enregistrée s’affiche aussitôt dans chaque navigateur ouvert.',
  'adminBranding.loadFailed': 'Impossible de charger les réglages de l’identité visuelle',
  'adminBranding.saveFailed': 'Impossible d’enregistrer l’identité visuelle',
  'adminBranding.saved': 'Identité visuelle enregistrée',
  'adminBranding.save': 'Enregistrer',
  'adminBranding.discard': 'Annuler les modifications',
  'adminBranding.unsaved': 'Modifications non enregistrées',
  'adminBranding.source.default': 'Par défaut',
  'adminBranding.source.custom': 'Défini ici',
  'adminBranding.reset': 'Rétablir la valeur par défaut',
  'adminBranding.resetLabel': 'Rétablir la valeur par défaut\u202f: {field}',
  'adminBranding.resetDone': 'Valeur par défaut rétablie',
  'adminBranding.resetAll': 'Tout rétablir par défaut',
  'adminBranding.resetAllTitle': 'Rétablir toute l’identité visuelle\u202f?',
  'adminBranding.resetAllBody':
    'Les noms, le slogan, les couleurs et les images reviennent aux valeurs par défaut du serveur, pour tout le monde, immédiatement.',
  'adminBranding.resetAllConfirm': 'Tout rétablir',
  'adminBranding.resetAllDone': 'Identité visuelle rétablie par défaut',
  'adminBranding.texts': 'Noms',
  'adminBranding.companyName': 'Nom de l’entreprise',
  'adminBranding.companyNameHint': 'Affiché dans l’en-tête de l’application.',
  'adminBranding.productName': 'Nom du produit',
  'adminBranding.productNameHint':
    'Affiché sur la page de connexion, dans la barre latérale et comme titre de l’onglet du navigateur.',
  'adminBranding.tagline': 'Slogan',
  'adminBranding.taglineHint':
    'Affiché sous le nom du produit sur la page de connexion et sur l’écran d’accueil.',
  'adminBranding.colors': 'Couleurs',
  'adminBranding.primaryColor': 'Couleur principale',
  'adminBranding.secondaryColor': 'Couleur secondaire',
  'adminBranding.colorHint':
    'Une couleur hexadécimale comme #a855f7 ou #a5f. Les boutons et les mises en valeur passent de la couleur principale à la secondaire.',
  'adminBranding.colorPicker': 'Choisir\u202f: {field}',
  'adminBranding.images': 'Images',
  'adminBranding.logo': 'Logo',
  'adminBranding.logoHint': 'PNG, JPEG, GIF ou WebP, 5 Mo au maximum. Une image carrée rend le mieux.',
  'adminBranding.loginBackground': 'Arrière-plan de connexion',
  'adminBranding.loginBackgroundHint':
    'Affiché derrière la carte de connexion. PNG, JPEG, GIF ou WebP, 5 Mo au maximum.',
  'adminBranding.upload': 'Téléverser',
  'adminBranding.uploadLabel': 'Téléverser\u202f: {field}',
  'adminBranding.replace': 'Remplacer',
  'adminBranding.replaceLabel': 'Remplacer\u202f: {field}',
  'adminBranding.remove': 'Retirer',
  'adminBranding.removeLabel': 'Retirer\u202f: {field}',
  'adminBranding.noImage': 'Aucune',
  'adminBranding.imagePreview': 'Actuel\u202f: {field}',
  'adminBranding.uploaded': 'Image téléversée',
  'adminBranding.removed': 'Image retirée',
  'adminBranding.uploadFailed': 'Impossible de téléverser l’image',
  'adminBranding.removeFailed': 'Impossible de retirer l’image',
  'adminBranding.notImage': 'Veuillez sélectionner un fichier image',
  'adminBranding.tooLarge': 'L’image doit faire moins de 5 Mo',
  'adminBranding.problem.empty': 'Saisissez un nom ou rétablissez la valeur par défaut.',
  'adminBranding.problem.tooLong': '{max} caractères au maximum.',
  'adminBranding.problem.oneLine': 'Une seule ligne, s’il vous plaît.',
  'adminBranding.problem.color': 'Saisissez une couleur comme #a855f7 ou #a5f.',
  'adminBranding.preview': 'Aperçu',
  'adminBranding.previewHint':
    'Avec les valeurs ci-dessus, enregistrées ou non. Les autres voient une modification une fois enregistrée.',
  'adminBranding.previewHeader': 'En-tête de l’application',
  'adminBranding.previewSignIn': 'Page de connexion',
  'adminBranding.previewWelcome': 'Bon retour parmi nous',
  'adminBranding.previewEmail': 'E-mail',
  'adminBranding.previewButton': 'Se connecter',
} as const

translationOf<typeof english>()(adminBranding)
