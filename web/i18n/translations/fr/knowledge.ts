import { translationOf } from '../../catalogue'
import type { knowledge as english } from '../../en/knowledge'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const knowledge = {
  'knowledge.panel.title': 'Base de connaissances',
  'knowledge.panel.description':
    'Vos notes, discussions exportées et documents, et ce que votre équipe partage.',
  'knowledge.panel.search': 'Rechercher dans les connaissances...',
  'knowledge.panel.new': 'Nouvelle entrée',
  'knowledge.panel.keywordOnly':
    'La recherche se fait uniquement par mots-clés : aucun fournisseur d’embeddings n’est configuré.',
  'knowledge.panel.tags': 'Filtrer par étiquette',
  'knowledge.panel.count': '{count, plural, one {# entrée} other {# entrées}}',
  'knowledge.panel.loading': 'Chargement des entrées',
  'knowledge.panel.empty': 'Aucune entrée de connaissance trouvée',
  'knowledge.panel.more': 'Afficher plus',
  'knowledge.panel.loadFailed': 'Impossible de charger les entrées de connaissance',
  'knowledge.panel.searchFailed': 'Impossible de rechercher dans la base de connaissances',
  'knowledge.panel.entryFailed': 'Impossible de charger l’entrée de connaissance',

  'knowledge.source.manual': 'Manuelle',
  'knowledge.source.chat': 'Discussion',
  'knowledge.source.document': 'Document',
  'knowledge.entry.shared': 'Partagée avec l’équipe',
  'knowledge.entry.edit': 'Modifier',
  'knowledge.entry.editNamed': 'Modifier {title}',
  'knowledge.entry.delete': 'Supprimer',
  'knowledge.entry.deleteNamed': 'Supprimer {title}',
  'knowledge.status.pending': 'Indexation…',
  'knowledge.status.ready': 'Prête',
  'knowledge.status.failed': 'Échec de l’indexation',
  'knowledge.status.retry': 'Réessayer',
  'knowledge.status.retryFailed': 'Impossible de relancer l’indexation',
  'knowledge.detail.close': 'Fermer',
  'knowledge.detail.notes': 'Notes',
  'knowledge.detail.content': 'Contenu de l’entrée',
  'knowledge.delete.title': 'Supprimer cette entrée ?',
  'knowledge.delete.description': '« {title} » sera retirée de la base de connaissances pour tout le monde.',
  'knowledge.delete.done': 'Entrée de connaissance supprimée',
  'knowledge.delete.failed': 'Impossible de supprimer l’entrée de connaissance',

  'knowledge.create.title': 'Créer une entrée de connaissance',
  'knowledge.create.submit': 'Créer la connaissance',
  'knowledge.create.busy': 'Création...',
  'knowledge.create.done': 'Entrée de connaissance créée avec succès',
  'knowledge.create.failed': 'Impossible de créer l’entrée de connaissance',
  'knowledge.create.required': 'Veuillez renseigner le titre et le contenu',
  'knowledge.edit.title': 'Modifier l’entrée de connaissance',
  'knowledge.edit.submit': 'Enregistrer les modifications',
  'knowledge.edit.busy': 'Enregistrement...',
  'knowledge.edit.done': 'Entrée de connaissance mise à jour',
  'knowledge.edit.failed': 'Impossible de mettre à jour l’entrée',
  'knowledge.form.title': 'Titre *',
  'knowledge.form.titlePlaceholder': 'De quoi s’agit-il ?',
  'knowledge.form.content': 'Contenu *',
  'knowledge.form.contentPlaceholder': 'Saisissez ou collez la connaissance à conserver...',
  'knowledge.form.document': 'Ajouter un document',
  'knowledge.form.documentBusy': 'Ajout du document...',
  'knowledge.form.documentHint': 'PDF, DOCX, TXT ou MD : son texte devient une nouvelle entrée.',
  'knowledge.form.tags': 'Étiquettes',
  'knowledge.form.tagsPlaceholder': 'Séparées par des virgules, p. ex. intégration, règles',
  'knowledge.form.shared': 'Partager avec l’équipe',
  'knowledge.form.sharedNote':
    'Les connaissances partagées peuvent être découvertes par d’autres utilisateurs',
  'knowledge.form.info':
    'Cette entrée sera indexée à l’aide d’embeddings d’IA et consultable dans toutes les discussions.',

  'knowledge.export.title': 'Exporter la discussion vers la base de connaissances',
  'knowledge.export.description':
    'Toute la discussion devient une entrée que vous et l’IA pouvez rechercher.',
  'knowledge.export.titleField': 'Titre',
  'knowledge.export.titlePlaceholder': 'Discussion exportée',
  'knowledge.export.notes': 'Notes (facultatif)',
  'knowledge.export.notesPlaceholder': 'Pourquoi cette discussion mérite d’être conservée...',
  'knowledge.export.submit': 'Exporter vers les connaissances',
  'knowledge.export.busy': 'Exportation...',
  'knowledge.export.done': 'Discussion exportée vers la base de connaissances avec succès',
  'knowledge.export.failed': 'Impossible d’exporter la discussion vers la base de connaissances',
  'knowledge.export.empty': 'La discussion ne contient aucun message à exporter',
} as const

translationOf<typeof english>()(knowledge)
