import { translationOf } from '../../catalogue'
import type { errors as english } from '../../en/errors'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const errors = {
  'error.bad_request:avatar': 'Veuillez sélectionner un fichier image',
  'error.bad_request:budget_limit':
    'Saisissez un montant en dollars de 0 à 1 000 000 000 avec au plus deux décimales (cents)',
  'error.bad_request:budget_threshold': 'Le seuil d’alerte doit être un pourcentage entier de 1 à 100',
  'error.bad_request:cursor': 'Position dans la liste non valide',
  'error.bad_request:email': 'La nouvelle adresse e-mail est identique à l’adresse actuelle',
  'error.bad_request:encoding': 'Encodage en pourcentage incorrect dans la requête',
  'error.bad_request:full_name': 'Le nom complet est obligatoire',
  'error.bad_request:link': 'Ce lien n’est pas valide ou a expiré',
  'error.bad_request:message': 'Le message ne peut pas être vide',
  'error.bad_request:model': 'Impossible de choisir le modèle',
  'error.bad_request:nul': 'Le texte ne peut pas contenir de caractères NUL (U+0000)',
  'error.bad_request:regenerate':
    'Cette discussion ne contient aucune question à laquelle répondre de nouveau',
  'error.bad_request:time_zone':
    'Fuseau horaire inconnu. Choisissez-en un comme Europe/Paris ou America/New_York',
  'error.bad_request:url': 'Encodage en pourcentage incorrect dans l’URL',
  'error.bad_request:web_search': 'La recherche web n’est pas configurée sur ce serveur',
  'error.conflict:email': 'Un compte existe déjà avec cette adresse e-mail',
  'error.conflict:file_sent': 'Ce fichier a déjà été envoyé avec un message',
  'error.conflict:removed': 'Cet élément a été supprimé entre-temps. Rechargez la page et réessayez.',
  'error.conflict:reply': 'Une réponse est déjà en cours dans cette discussion',
  'error.forbidden:admin': 'Accès administrateur requis',
  'error.forbidden:banned': 'Ce compte a été suspendu',
  'error.forbidden:impersonating': 'Indisponible lorsque vous agissez en tant qu’un autre utilisateur',
  'error.forbidden:origin': 'Requête intersite refusée',
  'error.forbidden:unconfirmed': 'Adresse e-mail non confirmée',
  'error.internal': 'Une erreur inattendue s’est produite',
  'error.internal:delete_account': 'Impossible de supprimer le compte',
  'error.not_found': 'Introuvable',
  'error.not_found:avatar': 'Avatar introuvable',
  'error.not_found:chat': 'Discussion introuvable',
  'error.not_found:file': 'Fichier introuvable',
  'error.not_found:message': 'Message introuvable',
  'error.payload_too_large:avatar': 'L’image doit faire moins de 5 Mo',
  'error.payload_too_large:body': 'La requête est trop volumineuse',
  'error.payload_too_large:message': 'Le message est trop long\u00a0: 100\u202f000 caractères au maximum',
  'error.rate_limited': 'Trop de requêtes. Veuillez réessayer plus tard.',
  'error.unauthorized': 'Aucune session active',
  'error.unauthorized:credentials': 'Identifiants de connexion incorrects',
  'error.unauthorized:current_password': 'Le mot de passe actuel est incorrect',
  'error.unauthorized:profile': 'Aucun utilisateur connecté',
  'error.unavailable:model': 'Aucun modèle d’IA n’est disponible pour le moment',
  'error.unsupported_media_type:avatar': 'Veuillez sélectionner un fichier image',
  'error.unsupported_media_type:body': 'Les requêtes doivent être au format JSON (application/json)',
  'error.bad_request:body.notObject': 'Le corps de la requête doit être un objet JSON',
  'error.bad_request:body.unreadable': 'Impossible de lire le corps de la requête',
  'error.bad_request:body.malformed': 'Corps de requête mal formé',
  'error.bad_request:body.notFinite': 'Les nombres de la requête doivent être finis',
  'error.bad_request:body.tooDeep': 'Le corps de la requête est trop profondément imbriqué',
  'error.bad_request:field.unknown': 'Champ inconnu\u00a0: {field}',
  'error.bad_request:password.tooShort': 'Le mot de passe doit contenir au moins 6 caractères',
  'error.bad_request:password.tooLong': 'Le mot de passe doit contenir au plus 1024 caractères',
  'error.bad_request:profile.notObject': 'Un objet JSON de champs du profil est attendu',
  'error.bad_request:profile.avatarUrl':
    'avatar_url ne peut pas être défini ici\u202f; téléversez plutôt un avatar',
  'error.bad_request:profile.unknownField': 'Champ du profil inconnu\u00a0: {field}',
  'error.bad_request:title.empty': 'Le titre de la discussion ne peut pas être vide',
  'error.bad_request:title.tooLong': 'Le titre de la discussion doit faire au plus {max} caractères',
  'error.bad_request:upload.notMultipart': 'Un téléversement multipart/form-data est attendu',
  'error.bad_request:upload.malformed': 'Téléversement mal formé',
  'error.bad_request:upload.noFile': 'Aucun fichier n’a été téléversé',
  'error.internal:profile.load': 'Impossible de charger le profil',
  'error.internal:profile.update': 'Impossible de mettre à jour le profil',
  'error.internal:profile.uploadAvatar': 'Impossible de téléverser l’avatar',
  'error.internal:profile.removeAvatar': 'Impossible de supprimer l’avatar',
  'error.payload_too_large:file.tooLarge': 'Le fichier est trop volumineux (max. {max})',
  'error.payload_too_large:files.tooMany': 'Trop de fichiers (max. {max})',
  'error.rate_limited:budget.daily':
    'Budget quotidien dépassé. Les requêtes d’IA sont bloquées jusqu’à demain.',
  'error.rate_limited:budget.monthly':
    'Budget mensuel dépassé. Les requêtes d’IA sont bloquées jusqu’au mois prochain.',
  'error.unavailable:mail.confirmation': 'Impossible d’envoyer l’e-mail de confirmation',
  'error.unavailable:mail.reset': 'Impossible d’envoyer l’e-mail de réinitialisation',
  'error.unavailable:mail.emailChange': 'Impossible de mettre à jour l’adresse e-mail',
  'error.unprocessable:file_empty.empty': 'Le fichier est vide\u00a0: {name}',
  'error.unprocessable:file_content.docx': 'Impossible de lire le fichier DOCX\u00a0: {name}',
  'error.unprocessable:file_content.read': 'Impossible de lire le fichier\u00a0: {name}',
  'error.unprocessable:file_content.process': 'Impossible de traiter le fichier\u00a0: {name}',
  'error.unsupported_media_type:file_content.mismatch':
    'Le contenu du fichier ne correspond pas à son type\u00a0: {name}',
} as const

translationOf<typeof english>()(errors)
