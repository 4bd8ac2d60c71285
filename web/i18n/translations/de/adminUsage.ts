import { translationOf } from '../../catalogue'
import type { adminUsage as english } from '../../en/adminUsage'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminUsage = {
  'adminUsage.intro': 'Ausgaben und Tokens der gesamten Organisation. Tage beginnen um Mitternacht ({zone}).',
  'adminUsage.period': 'Zeitraum',
  'adminUsage.lastDays': '{count, plural, one {Letzter Tag} other {Letzte # Tage}}',
  'adminUsage.loadFailed': 'Die Nutzungszahlen konnten nicht geladen werden',
  'adminUsage.summary': 'Übersicht',
  'adminUsage.totalSpend': 'Ausgaben gesamt',
  'adminUsage.tokens': 'Tokens',
  'adminUsage.tokensSplit': '{prompt} Eingabe · {completion} Ausgabe',
  'adminUsage.activeUsers': 'Aktive Benutzer',
  'adminUsage.replies': 'KI-Antworten',
  'adminUsage.repliesCount': '{count, plural, one {# KI-Antwort} other {# KI-Antworten}}',
  'adminUsage.perDay': '{amount} pro Tag im Schnitt',
  'adminUsage.empty':
    '{count, plural, one {Keine Nutzung am letzten Tag} other {Keine Nutzung in den letzten # Tagen}}',
  'adminUsage.emptyHint': 'Ausgaben und Tokens erscheinen hier, sobald jemand mit einem Modell chattet.',
  'adminUsage.spendChart': 'Ausgaben pro Tag nach Modell',
  'adminUsage.spendChartSummary':
    'Balkendiagramm der Ausgaben pro Tag in den letzten {days} Tagen, nach Modell aufgeteilt: {total} insgesamt. Der höchste Tag war der {day} mit {amount}.',
  'adminUsage.tokensChart': 'Tokens pro Tag',
  'adminUsage.tokensChartSummary':
    'Balkendiagramm der Tokens pro Tag in den letzten {days} Tagen, aufgeteilt in Eingabe- und Ausgabe-Tokens: {total} insgesamt. Der höchste Tag war der {day} mit {count}.',
  'adminUsage.topUsers': 'Benutzer mit den höchsten Ausgaben',
  'adminUsage.topUsersHint':
    'Die zehn Personen mit den höchsten Ausgaben in diesem Zeitraum. Die CSV-Datei enthält alle.',
  'adminUsage.showTable': 'Zahlen als Tabelle anzeigen',
  'adminUsage.download': 'CSV herunterladen',
  'adminUsage.downloadLabel': 'CSV herunterladen: {chart}',
  'adminUsage.otherModels': 'Andere Modelle',
  'adminUsage.promptTokens': 'Eingabe-Tokens',
  'adminUsage.completionTokens': 'Ausgabe-Tokens',
  'adminUsage.date': 'Datum',
  'adminUsage.model': 'Modell',
  'adminUsage.total': 'Gesamt',
  'adminUsage.user': 'Benutzer',
  'adminUsage.spend': 'Ausgaben',
  'adminUsage.share': '{percent} der Ausgaben',
  'adminUsage.ratings': 'Bewertungen nach Modell',
  'adminUsage.ratingsHint': 'Daumen hoch und runter für die Antworten dieses Zeitraums.',
  'adminUsage.ratingsUp': 'Daumen hoch',
  'adminUsage.ratingsDown': 'Daumen runter',
  'adminUsage.ratingsLiked': 'Positiv bewertet',
  'adminUsage.ratingsEmpty': 'Noch keine Antwort dieses Zeitraums wurde bewertet.',
} as const

translationOf<typeof english>()(adminUsage)
