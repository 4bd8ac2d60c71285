import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Deine Daten',
  'yourData.retention.title': 'Was deine Organisation aufbewahrt',
  'yourData.retention.none': 'Deine Chats und Dateien bleiben, bis du sie löschst.',
  'yourData.retention.chats':
    'Chats, die du seit {days, plural, one {# Tag} other {# Tagen}} nicht genutzt hast, werden gelöscht. Angeheftete Chats bleiben.',
  'yourData.retention.files':
    'Dateien und erzeugte Bilder werden {days, plural, one {# Tag} other {# Tage}} nach ihrer Nachricht gelöscht.',
  'yourData.retention.loadFailed': 'Die Aufbewahrungsrichtlinie konnte nicht gelesen werden.',
} as const

translationOf<typeof english>()(yourData)
