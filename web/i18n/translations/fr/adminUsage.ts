import { translationOf } from '../../catalogue'
import type { adminUsage as english } from '../../en/adminUsage'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminUsage = {
  'adminUsage.intro': 'Dépenses et jetons de toute l’organisation. Les jours commencent à minuit ({zone}).',
  'adminUsage.period': 'Période',
  'adminUsage.lastDays': '{count, plural, one {Dernier jour} other {# derniers jours}}',
  'adminUsage.loadFailed': 'Impossible de charger les chiffres d’utilisation',
  'adminUsage.summary': 'Résumé',
  'adminUsage.totalSpend': 'Dépenses totales',
  'adminUsage.tokens': 'Jetons',
  'adminUsage.tokensSplit': '{prompt} en entrée · {completion} en sortie',
  'adminUsage.activeUsers': 'Utilisateurs actifs',
  'adminUsage.replies': 'Réponses de l’IA',
  'adminUsage.repliesCount': '{count, plural, one {# réponse de l’IA} other {# réponses de l’IA}}',
  'adminUsage.perDay': '{amount} par jour en moyenne',
  'adminUsage.empty':
    '{count, plural, one {Aucune utilisation le dernier jour} other {Aucune utilisation ces # derniers jours}}',
  'adminUsage.emptyHint':
    'Les dépenses et les jetons apparaîtront ici dès que des personnes discuteront avec un modèle.',
  'adminUsage.spendChart': 'Dépenses par jour et par modèle',
  'adminUsage.spendChartSummary':
    'Graphique en barres des dépenses par jour sur les {days} derniers jours, réparties par modèle : {total} au total. Le jour le plus élevé était le {day}, avec {amount}.',
  'adminUsage.tokensChart': 'Jetons par jour',
  'adminUsage.tokensChartSummary':
    'Graphique en barres des jetons par jour sur les {days} derniers jours, répartis entre jetons d’entrée et de sortie : {total} au total. Le jour le plus élevé était le {day}, avec {count}.',
  'adminUsage.topUsers': 'Plus grosses dépenses par utilisateur',
  'adminUsage.topUsersHint':
    'Les dix personnes qui ont le plus dépensé sur cette période. Le CSV les liste toutes.',
  'adminUsage.showTable': 'Afficher les chiffres sous forme de tableau',
  'adminUsage.download': 'Télécharger le CSV',
  'adminUsage.downloadLabel': 'Télécharger le CSV : {chart}',
  'adminUsage.otherModels': 'Autres modèles',
  'adminUsage.promptTokens': 'Jetons d’entrée',
  'adminUsage.completionTokens': 'Jetons de sortie',
  'adminUsage.date': 'Date',
  'adminUsage.model': 'Modèle',
  'adminUsage.total': 'Total',
  'adminUsage.user': 'Utilisateur',
  'adminUsage.spend': 'Dépenses',
  'adminUsage.share': '{percent} des dépenses',
  'adminUsage.ratings': 'Évaluations par modèle',
  'adminUsage.ratingsHint': 'Pouces levés et baissés donnés aux réponses de cette période.',
  'adminUsage.ratingsUp': 'Pouce levé',
  'adminUsage.ratingsDown': 'Pouce baissé',
  'adminUsage.ratingsLiked': 'Jugées bonnes',
  'adminUsage.ratingsEmpty': 'Aucune réponse de cette période n’a encore été évaluée.',
} as const

translationOf<typeof english>()(adminUsage)
