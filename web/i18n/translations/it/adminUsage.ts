import { translationOf } from '../../catalogue'
import type { adminUsage as english } from '../../en/adminUsage'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminUsage = {
  'adminUsage.intro': 'Spesa e token di tutta l’organizzazione. I giorni iniziano a mezzanotte ({zone}).',
  'adminUsage.period': 'Periodo',
  'adminUsage.lastDays': '{count, plural, one {Ultimo giorno} other {Ultimi # giorni}}',
  'adminUsage.loadFailed': 'Impossibile caricare i dati di utilizzo',
  'adminUsage.summary': 'Riepilogo',
  'adminUsage.totalSpend': 'Spesa totale',
  'adminUsage.tokens': 'Token',
  'adminUsage.tokensSplit': '{prompt} in ingresso · {completion} in uscita',
  'adminUsage.activeUsers': 'Utenti attivi',
  'adminUsage.replies': 'Risposte dell’IA',
  'adminUsage.repliesCount': '{count, plural, one {# risposta dell’IA} other {# risposte dell’IA}}',
  'adminUsage.perDay': '{amount} al giorno in media',
  'adminUsage.empty':
    '{count, plural, one {Nessun utilizzo nell’ultimo giorno} other {Nessun utilizzo negli ultimi # giorni}}',
  'adminUsage.emptyHint': 'Spesa e token compariranno qui quando le persone chatteranno con un modello.',
  'adminUsage.spendChart': 'Spesa giornaliera per modello',
  'adminUsage.spendChartSummary':
    'Grafico a barre della spesa giornaliera negli ultimi {days} giorni, suddivisa per modello: {total} in tutto. Il giorno più alto è stato il {day}, con {amount}.',
  'adminUsage.tokensChart': 'Token al giorno',
  'adminUsage.tokensChartSummary':
    'Grafico a barre dei token al giorno negli ultimi {days} giorni, suddivisi in token in ingresso e in uscita: {total} in tutto. Il giorno più alto è stato il {day}, con {count}.',
  'adminUsage.topUsers': 'Utenti con la spesa più alta',
  'adminUsage.topUsersHint':
    'Le dieci persone che hanno speso di più in questo periodo. Il CSV le elenca tutte.',
  'adminUsage.showTable': 'Mostra i dati come tabella',
  'adminUsage.download': 'Scarica CSV',
  'adminUsage.downloadLabel': 'Scarica CSV: {chart}',
  'adminUsage.otherModels': 'Altri modelli',
  'adminUsage.promptTokens': 'Token in ingresso',
  'adminUsage.completionTokens': 'Token in uscita',
  'adminUsage.date': 'Data',
  'adminUsage.model': 'Modello',
  'adminUsage.total': 'Totale',
  'adminUsage.user': 'Utente',
  'adminUsage.spend': 'Spesa',
  'adminUsage.share': '{percent} della spesa',
  'adminUsage.ratings': 'Valutazioni per modello',
  'adminUsage.ratingsHint': 'Pollici in su e in giù dati alle risposte di questo periodo.',
  'adminUsage.ratingsUp': 'Pollice in su',
  'adminUsage.ratingsDown': 'Pollice in giù',
  'adminUsage.ratingsLiked': 'Valutate bene',
  'adminUsage.ratingsEmpty': 'Nessuna risposta di questo periodo è stata ancora valutata.',
} as const

translationOf<typeof english>()(adminUsage)
