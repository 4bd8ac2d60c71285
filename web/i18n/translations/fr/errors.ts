import { translationOf } from '../../catalogue'
import type { errors as english } from '../../en/errors'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const errors = {
  'error.bad_request:avatar': 'Veuillez sélectionner un fichier image',
  'error.bad_request:brand_image': 'Veuillez sélectionner un fichier image',
  'error.not_found:brand_image': 'Image introuvable',
  'error.payload_too_large:brand_image': 'L’image doit faire moins de 5 Mo',
  'error.unsupported_media_type:brand_image': 'Veuillez sélectionner un fichier image',
  'error.bad_request:cursor': 'Position dans la liste non valide',
  'error.bad_request:encoding': 'Encodage en pourcentage incorrect dans la requête',
  'error.bad_request:full_name': 'Le nom complet est obligatoire',
  'error.bad_request:link': 'Ce lien n’est pas valide ou a expiré',
  'error.bad_request:message': 'Le message ne peut pas être vide',
  'error.bad_request:model': 'Impossible de choisir le modèle',
  'error.bad_request:nul': 'Le texte ne peut pas contenir de caractères NUL (U+0000)',
  'error.bad_request:regenerate':
    'Cette discussion ne contient aucune question à laquelle répondre de nouveau',
  'error.bad_request:url': 'Encodage en pourcentage incorrect dans l’URL',
  'error.bad_request:web_search': 'La recherche web n’est pas configurée sur ce serveur',
  'error.conflict:last_admin':
    'C’est le dernier administrateur actif : nommez d’abord un autre utilisateur administrateur avant de rétrograder, bannir ou supprimer celui-ci',
  'error.conflict:self': 'Vous ne pouvez pas rétrograder, bannir ou supprimer votre propre compte',
  'error.conflict:email': 'Un compte existe déjà avec cette adresse e-mail',
  'error.conflict:group_name': 'Un groupe porte déjà ce nom',
  'error.forbidden:model_not_allowed': 'Vos groupes n’autorisent pas ce modèle',
  'error.forbidden:agent_not_allowed': 'Vos groupes n’autorisent pas cet agent',
  'error.bad_request:group': 'Groupe inconnu',
  'error.conflict:file_sent': 'Ce fichier a déjà été envoyé avec un message',
  'error.conflict:removed': 'Cet élément a été supprimé entre-temps. Rechargez la page et réessayez.',
  'error.conflict:reply': 'Une réponse est déjà en cours dans cette discussion',
  'error.conflict:default_model':
    'Ce modèle est le modèle par défaut de l’organisation. Choisissez un autre modèle par défaut avant de le désactiver.',
  'error.conflict:model_disabled':
    'Ce modèle est désactivé. Activez-le avant d’en faire le modèle par défaut.',
  'error.conflict:model_inactive':
    'Le fournisseur ne propose pas ce modèle pour le moment : il ne peut donc pas être le modèle par défaut.',
  'error.forbidden:admin': 'Accès administrateur requis',
  'error.forbidden:password_sign_in_off':
    'La connexion par mot de passe est désactivée. Utilisez la connexion de votre organisation.',
  'error.forbidden:signup_off':
    'Les inscriptions sont fermées. Demandez à un administrateur de vous inviter.',
  'error.forbidden:domain': 'Ce domaine e-mail n’est pas autorisé à se connecter ici.',
  'error.conflict:environment_provider':
    'Ce fournisseur d’identité est défini par la configuration du serveur (OIDC_*) et ne peut pas être modifié ici',
  'error.conflict:last_provider':
    "La connexion par mot de passe est désactivée et ceci est le dernier fournisseur d'identité actif : réactivez d'abord la connexion par mot de passe",
  'error.conflict:no_provider':
    'Ajoutez et activez un fournisseur d’identité avant de désactiver la connexion par mot de passe',
  'error.forbidden:banned': 'Ce compte a été suspendu',
  'error.forbidden:impersonate_self': 'Vous ne pouvez pas usurper votre propre identité',
  'error.forbidden:impersonate_admin': 'L’identité d’un administrateur ne peut pas être usurpée',
  'error.conflict:user_banned': 'Un compte suspendu ne peut pas être ouvert',
  'error.not_found:impersonation': 'Accès d’assistance introuvable',
  'error.conflict:impersonation_ended': 'Cet accès d’assistance est déjà terminé',
  'error.unauthorized:impersonation_ended': 'L’accès d’assistance est terminé',
  'error.bad_request:case_number': 'Le numéro de dossier est obligatoire',
  'error.bad_request:reason_code': 'Choisissez un motif dans la liste',
  'error.bad_request:duration_minutes': 'La durée doit être comprise entre 15 minutes et 4 heures',
  'error.forbidden:impersonating': 'Indisponible lorsque vous agissez en tant qu’un autre utilisateur',
  'error.not_found:share': 'Ce lien n’existe pas ou ne fonctionne plus',
  'error.bad_request:share_expiry': 'Choisissez une date future pour l’expiration du lien',
  'error.bad_request:share_empty': 'Une discussion sans message ne peut pas être partagée',
  'error.forbidden:public_links': 'Les liens publics sont désactivés par l’administrateur',
  'error.not_found:import': 'Importation introuvable',
  'error.conflict:import_running':
    'Une importation est déjà en cours\u00a0: attendez qu’elle se termine ou annulez-la',
  'error.conflict:import_finished': 'Cette importation est déjà terminée',
  'error.rate_limited:imports':
    'Le serveur est occupé par d’autres importations\u00a0: réessayez dans une minute',
  'error.bad_request:import_empty': 'Le fichier est vide',
  'error.bad_request:import_file':
    'Le fichier n’est pas un export\u00a0: choisissez un fichier .json ou .zip',
  'error.forbidden:origin': 'Requête intersite refusée',
  'error.forbidden:unconfirmed': 'Adresse e-mail non confirmée',
  'error.internal': 'Une erreur inattendue s’est produite',
  'error.internal:delete_account': 'Impossible de supprimer le compte',
  'error.not_found': 'Introuvable',
  'error.not_found:avatar': 'Avatar introuvable',
  'error.not_found:chat': 'Discussion introuvable',
  'error.not_found:prompt': 'Prompt introuvable',
  'error.not_found:prompt_permission': 'Prompt introuvable ou vous n’avez pas l’autorisation',
  'error.not_found:prompt_update': 'Prompt introuvable ou vous n’avez pas l’autorisation de le modifier',
  'error.bad_request:prompt_title': 'Le titre du prompt ne peut pas être vide',
  'error.bad_request:prompt_title_length': 'Le titre du prompt doit faire 200 caractères au maximum',
  'error.bad_request:prompt_text': 'Le texte du prompt ne peut pas être vide',
  'error.unavailable:prompt_generate': 'Impossible de générer le prompt',
  'error.not_found:file': 'Fichier introuvable',
  'error.not_found:model': 'Modèle introuvable',
  'error.not_found:user': 'Utilisateur introuvable',
  'error.not_found:message': 'Message introuvable',
  'error.not_found:api_key': 'Clé d’API introuvable',
  'error.bad_request:monthly_limit':
    'La limite mensuelle doit être un montant en dollars à partir de 0, avec six décimales au plus',
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
  'error.bad_request:name.apiKey': 'Le nom doit compter de 1 à 100 caractères',
  'error.bad_request:expires_at.format': 'La date d’expiration doit être une date valide',
  'error.bad_request:expires_at.past': 'La date d’expiration doit être dans le futur',
  'error.conflict:api_keys.max': '{max} clés au maximum\u00a0: révoquez-en une d’abord',
  'error.bad_request:groups.format': 'Les groupes doivent être une liste d’identifiants de groupe',
  'error.bad_request:groups.unknown': 'L’un des groupes choisis n’existe pas',
  'error.bad_request:email.same': 'La nouvelle adresse e-mail est identique à l’adresse actuelle',
  'error.bad_request:email.invalid': 'Veuillez saisir une adresse e-mail valide',
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
  'error.unavailable:mail.invitation': 'L’e-mail d’invitation n’a pas pu être envoyé',
  'error.unprocessable:file_empty.empty': 'Le fichier est vide\u00a0: {name}',
  'error.unprocessable:file_content.docx': 'Impossible de lire le fichier DOCX\u00a0: {name}',
  'error.unprocessable:file_content.read': 'Impossible de lire le fichier\u00a0: {name}',
  'error.unprocessable:file_content.process': 'Impossible de traiter le fichier\u00a0: {name}',
  'error.unsupported_media_type:file_content.mismatch':
    'Le contenu du fichier ne correspond pas à son type\u00a0: {name}',
  'error.bad_request:brand_color.value':
    '{field} doit être une couleur comme #a855f7 ou #a5f, reçu « {value} »',
  'error.bad_request:brand_text_empty.field':
    '{field} ne peut pas être vide (envoyez null pour revenir à la valeur par défaut)',
  'error.bad_request:brand_text_long.field': '{field} doit comporter au plus {max} caractères',
  'error.bad_request:brand_text_control.field':
    '{field} doit tenir sur une ligne, sans caractères de contrôle',
  'error.bad_request:image_prompt': "Veuillez saisir une description de l'image",
  'error.bad_request:image_prompt_length': 'prompt : la description peut compter au plus 3 900 caractères',
  'error.bad_request:image_size': 'size : doit valoir 1024x1024, 1024x1792 ou 1792x1024',
  'error.bad_request:image_style': 'style : doit valoir realistic, artistic, cartoon, abstract ou vintage',
  'error.not_found:image': 'Image introuvable',
  'error.unavailable:image_generation': "La génération d'images n'est pas configurée sur ce serveur",
  'error.unavailable:image_provider': "Échec de la génération de l'image",
  'error.unavailable:image_timeout': "Le service d'images n'a pas répondu à temps. Veuillez réessayer.",
  'error.unprocessable:image_content_policy':
    "Le service d'images a refusé cette description en vertu de sa politique de contenu. Veuillez décrire autre chose.",
  'error.unavailable:image_download': "Échec de l'enregistrement de l'image générée",
  'error.bad_request:audio_file': 'file : joignez l\'enregistrement dans le champ multipart "file"',
  'error.unsupported_media_type:audio':
    "L'enregistrement n'est pas un fichier audio (WebM, Ogg, MP4, MP3 ou WAV)",
  'error.payload_too_large:audio': "L'enregistrement est trop volumineux : 10 Mo au maximum",
  'error.payload_too_large:audio_length': "L'enregistrement est trop long : 5 minutes au maximum",
  'error.unavailable:transcription': "La transcription vocale n'est pas configurée sur ce serveur",
  'error.unavailable:transcription_provider': "Échec de la transcription de l'enregistrement",
  'error.unavailable:transcription_timeout': "Le service de transcription n'a pas répondu à temps",
  // The knowledge base (decision 119).
  'error.not_found:knowledge': 'Entrée de connaissance introuvable',
  'error.forbidden:knowledge': 'Seul le propriétaire peut modifier cette entrée',
  'error.conflict:knowledge_not_indexing': 'L’entrée n’est pas en cours d’indexation',
  'error.bad_request:knowledge_content': 'Le contenu ne peut pas être vide',
  'error.bad_request:knowledge_query': 'Le texte ne peut pas être vide',
  'error.bad_request:chat_empty': 'La discussion ne contient aucun message à exporter',
  'error.unsupported_media_type:knowledge_file':
    'Seuls les fichiers PDF, DOCX, texte et Markdown peuvent être ajoutés à la base de connaissances',
  'error.bad_request:knowledge_title.empty': 'Le titre ne peut pas être vide',
  'error.bad_request:knowledge_title.tooLong': 'Le titre doit comporter 200 caractères au maximum',
  'error.unprocessable:knowledge_file.empty': 'Le fichier ne contient aucun texte à ajouter',
  'error.payload_too_large:knowledge_content.tooLong':
    'Le contenu est trop long ({max} caractères au maximum)',
  'error.bad_request:image_price': 'Le prix doit être en dollars, de 0 à 1 000, avec six décimales au plus',
  'error.bad_request:model_price':
    'Les prix doivent être en dollars, de 0 à 100 000 par million de tokens, avec six décimales au plus',
  'error.bad_request:research_topic': 'Veuillez saisir un sujet de recherche',
  'error.bad_request:research_depth': 'La profondeur doit être rapide, approfondie ou exhaustive',
  'error.payload_too_large:research_topic':
    'Le sujet de recherche est trop long : 2 000 caractères au maximum',
  'error.not_found:research': 'Recherche introuvable',
  'error.conflict:research': 'Seule une recherche échouée ou annulée peut être relancée',
  'error.bad_request:research_source.web':
    'Recherche web, Actualités récentes et Statistiques et données ne peuvent pas être consultées : aucun moteur de recherche n’est configuré',
  'error.bad_request:research_source.academic':
    'Les sources académiques ne peuvent pas être consultées : aucune source académique n’est configurée',
  'error.bad_request:agent':
    'Cet agent n’est pas disponible : choisissez-en un autre ou activez-le dans Configuration des agents',
  'error.not_found:agent': 'Agent introuvable',
  'error.bad_request:calendar_oauth.redirectUrl': 'L’URL de redirection OAuth doit être une URL http(s)',
  'error.bad_request:calendar_oauth.clientId': 'L’ID client est obligatoire',
  'error.bad_request:calendar_oauth.clientSecret': 'Le secret client est obligatoire',
  'error.bad_request:calendar_oauth.saveFirst':
    'Enregistrez l’ID client et le secret client avant de connecter un calendrier',
  'error.bad_request:agent_workflow.url': 'L’URL du webhook doit être une URL http(s)',
} as const

translationOf<typeof english>()(errors)
