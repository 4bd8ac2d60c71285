import { translationOf } from '../../catalogue'
import type { research as english } from '../../en/research'

export const research = {
  'research.dialog.title': 'Tiefenrecherche',
  'research.dialog.description':
    'Parley durchsucht die gewählten Quellen, liest sie und schreibt in diesem Chat einen Bericht mit Quellenangaben.',
  'research.dialog.topic': 'Recherchethema',
  'research.dialog.topicPlaceholder': 'Was möchtest du recherchieren?',
  'research.dialog.popular': 'Beliebte Themen',
  'research.popular.ai': 'Neueste Entwicklungen in der künstlichen Intelligenz',
  'research.popular.climate': 'Der weltweite Ausbau erneuerbarer Energien',
  'research.popular.work': 'Die Zukunft der Remote-Arbeit',
  'research.popular.health': 'Fortschritte in der personalisierten Medizin',
  'research.dialog.sources': 'Quellen',
  'research.dialog.knowledgeNote': 'Die Wissensdatenbank deines Teams wird immer mit durchsucht.',
  'research.source.web': 'Websuche',
  'research.source.academic': 'Wissenschaftliche Quellen',
  'research.source.news': 'Aktuelle Nachrichten',
  'research.source.stats': 'Statistiken & Daten',
  'research.dialog.depth': 'Recherchetiefe',
  'research.depth.quick': 'Schnell',
  'research.depth.thorough': 'Gründlich',
  'research.depth.comprehensive': 'Umfassend',
  'research.depth.quick.description': 'Schneller Überblick mit den wichtigsten Erkenntnissen (2-3 Minuten)',
  'research.depth.thorough.description': 'Detaillierte Analyse aus mehreren Blickwinkeln (5-7 Minuten)',
  'research.depth.comprehensive.description': 'Ausführliche Recherche mit Quellenangaben (10+ Minuten)',
  'research.dialog.start': 'Recherche starten',
  'research.dialog.starting': 'Wird gestartet…',
  'research.toast.blank': 'Bitte gib ein Recherchethema ein',
  'research.toast.failed': 'Die Recherche konnte nicht gestartet werden. Bitte versuch es noch einmal.',
  'research.toast.success': 'Recherche gestartet! Die ausführlichen Ergebnisse erscheinen in deinem Chat.',
  'research.progress.label': 'Fortschritt der Recherche',
  'research.progress.title': 'Recherche: {topic}',
  'research.step.queued': 'Wartet auf den Start',
  'research.step.planning': 'Fragen werden geplant',
  'research.step.searching': 'Quellen werden durchsucht',
  'research.step.reading': 'Die relevantesten Seiten werden gelesen',
  'research.step.reflecting': 'Lücken werden gesucht',
  'research.step.writing': 'Bericht wird geschrieben',
  'research.progress.round': 'Runde {round} von {rounds}',
  'research.progress.found': '{count, plural, one {# Quelle gefunden} other {# Quellen gefunden}}',
  'research.progress.read': '{count, plural, one {# gelesen} other {# gelesen}}',
  'research.progress.elapsed': 'Dauer {time}',
  'research.progress.notes': 'Notizen',
  'research.progress.cancel': 'Recherche abbrechen',
  'research.progress.cancelling': 'Wird abgebrochen…',
  'research.progress.cancelFailed':
    'Die Recherche konnte nicht abgebrochen werden. Bitte versuch es noch einmal.',
  'research.progress.loadFailed': 'Der Fortschritt der Recherche konnte nicht geladen werden.',
  'research.cancelled': 'Recherche nach {time} abgebrochen.',
  'research.failed.title':
    'Die Recherche wurde beendet, bevor der Bericht fertig war. Die bisherigen Ergebnisse stehen oben.',
  'research.failed.retry': 'Recherche wiederholen',
  'research.failed.retryFailed':
    'Die Recherche konnte nicht neu gestartet werden. Bitte versuch es noch einmal.',
} as const

translationOf<typeof english>()(research)
