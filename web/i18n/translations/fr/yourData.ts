import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Vos données',
  'yourData.retention.title': 'Ce que votre organisation conserve',
  'yourData.retention.none':
    'Vos conversations et fichiers sont conservés jusqu’à ce que vous les supprimiez.',
  'yourData.retention.chats':
    'Les conversations que vous n’avez pas utilisées depuis {days, plural, one {# jour} other {# jours}} sont supprimées. Les conversations épinglées sont conservées.',
  'yourData.retention.files':
    'Les fichiers et images générées sont supprimés {days, plural, one {# jour} other {# jours}} après leur message.',
  'yourData.retention.loadFailed': 'La politique de conservation n’a pas pu être lue.',
  'yourData.import.title': 'Importer des conversations',
  'yourData.import.intro':
    'Importez votre historique depuis ChatGPT ou Claude (le zip de l’export, ou son conversations.json), ou des conversations exportées de Parley en JSON. Les titres, les dates et les branches sont conservés ; importer à nouveau le même fichier n’ajoute rien en double.',
  'yourData.import.choose': 'Choisir un fichier…',
  'yourData.import.limit': 'Un fichier .zip ou .json de 100 Mo au plus.',
  'yourData.import.uploading': 'Envoi de {name}…',
  'yourData.import.reading': 'Lecture de {name}…',
  'yourData.import.running': 'Import de {name} : {done} sur {total}',
  'yourData.import.progressLabel': 'Progression de l’import',
  'yourData.import.cancel': 'Annuler l’import',
  'yourData.import.cancelled': 'Annulé. Rien de {name} n’a été importé.',
  'yourData.import.done':
    '{chats, plural, one {# conversation importée} other {# conversations importées}} avec {messages, plural, one {# message} other {# messages}} depuis {name}.',
  'yourData.import.doneToast': 'Import terminé',
  'yourData.import.duplicates':
    '{count, plural, one {# conversation avait déjà été importée et n’est pas ajoutée à nouveau.} other {# conversations avaient déjà été importées et ne sont pas ajoutées à nouveau.}}',
  'yourData.import.skipped':
    '{count, plural, one {# élément omis ou modifié} other {# éléments omis ou modifiés}}',
  'yourData.import.failed': 'Rien de {name} n’a été importé : {reason}',
  'yourData.import.uploadFailed': 'Le fichier n’a pas pu être envoyé',
  'yourData.import.loadFailed': 'Vos imports n’ont pas pu être chargés',
  'yourData.import.cancelFailed': 'L’import n’a pas pu être annulé',
  'yourData.import.earlier': 'Imports précédents',
  'yourData.import.from.chatgpt': 'Export ChatGPT',
  'yourData.import.from.claude': 'Export Claude',
  'yourData.import.from.parley': 'Export Parley',
  'yourData.import.status.running': 'En cours',
  'yourData.import.status.done': 'Importé',
  'yourData.import.status.failed': 'Échec',
  'yourData.import.status.cancelled': 'Annulé',
  'yourData.import.summary':
    '{chats, plural, one {# conversation} other {# conversations}}, {messages, plural, one {# message} other {# messages}}',
  'yourData.import.locked':
    'Pendant un accès d’assistance, aucune conversation ne peut être importée dans le compte de {name}.',
  'yourData.export.title': 'Emporter vos données',
  'yourData.export.intro':
    'Un zip de votre profil, de chaque conversation avec toutes ses branches (JSON et Markdown), de vos fichiers et images générées, prompts, entrées de connaissances et de votre utilisation. Il est préparé en arrière-plan ; vous êtes prévenu quand il est prêt, et il peut être téléchargé pendant 7 jours.',
  'yourData.export.start': 'Préparer mes données',
  'yourData.export.running':
    'Préparation de vos données… Vous pouvez fermer cette fenêtre : vous serez prévenu quand elles seront prêtes.',
  'yourData.export.ready': 'Prêt : {size}. Téléchargeable jusqu’au {date}.',
  'yourData.export.download': 'Télécharger',
  'yourData.export.failed': 'Vos données n’ont pas pu être préparées : {reason}',
  'yourData.export.expired':
    'Votre dernier téléchargement a expiré. Préparez-en un nouveau quand vous en aurez besoin.',
  'yourData.export.startFailed': 'Vos données n’ont pas pu être préparées',
  'yourData.export.loadFailed': 'Vos téléchargements n’ont pas pu être chargés',
  'yourData.export.locked':
    'Pendant un accès d’assistance, les données de {name} ne peuvent pas être téléchargées.',
  'yourData.import.failure.not_an_export': 'Ce fichier n’est pas un export de ChatGPT, Claude ou Parley.',
  'yourData.import.failure.not_json':
    'Le fichier n’est pas un JSON valide : il est peut-être endommagé ou incomplet.',
  'yourData.import.failure.no_conversations': 'Le zip ne contient aucun conversations.json.',
  'yourData.import.failure.damaged_zip': 'Le fichier zip est endommagé ou incomplet.',
  'yourData.import.failure.too_many_files':
    'Le zip contient plus de 20 000 fichiers : importez seul le conversations.json qu’il contient.',
  'yourData.import.failure.too_large': 'L’export dépasse 100 Mo une fois décompressé.',
  'yourData.import.failure.too_many_conversations':
    'L’export contient {count} conversations ; {max} au plus peuvent être importées à la fois.',
  'yourData.import.failure.interrupted': 'Le serveur s’est arrêté pendant l’import ; rien n’a été importé.',
  'yourData.import.failure.unexpected': 'L’import a échoué de façon inattendue ; rien n’a été importé.',
  'yourData.import.reason.unsafe_zip_name': 'Un fichier du zip porte un nom dangereux et a été ignoré.',
  'yourData.import.reason.not_parley_chat':
    'Ce fichier du zip n’est pas un export de conversation Parley et a été ignoré.',
  'yourData.import.reason.not_a_conversation':
    'Cette entrée n’est pas une conversation {format} et a été omise.',
  'yourData.import.reason.no_messages': 'La conversation n’a aucun message à importer.',
  'yourData.import.reason.too_many_messages': 'La conversation compte plus de {max} messages et a été omise.',
  'yourData.import.reason.truncated':
    '{count, plural, one {Un message de plus de 1 Mo a été coupé à son premier Mo.} other {# messages de plus de 1 Mo ont été coupés à leur premier Mo.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# message n’est pas relié à la conversation et a été omis.} other {# messages ne sont pas reliés à la conversation et ont été omis.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {# message d’un expéditeur inconnu a été omis.} other {# messages d’un expéditeur inconnu ont été omis.}}',
  'yourData.import.reason.placeholders':
    'Les parties que l’export ne contient pas ou que Parley ne peut pas afficher ont été gardées en texte : {parts}.',
  'yourData.import.part.image': '{count, plural, one {# image} other {# images}}',
  'yourData.import.part.file': '{count, plural, one {# fichier} other {# fichiers}}',
  'yourData.import.part.audio': '{count, plural, one {# enregistrement} other {# enregistrements}}',
  'yourData.import.part.toolCall': '{count, plural, one {# appel d’outil} other {# appels d’outils}}',
  'yourData.import.part.toolOutput': '{count, plural, one {# résultat d’outil} other {# résultats d’outils}}',
  'yourData.import.part.thinking':
    '{count, plural, one {# étape de raisonnement} other {# étapes de raisonnement}}',
  'yourData.import.part.other': '{count, plural, one {# autre partie} other {# autres parties}}',
} as const

translationOf<typeof english>()(yourData)
