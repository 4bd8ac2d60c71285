import { translationOf } from '../../catalogue'
import type { adminUsage as english } from '../../en/adminUsage'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminUsage = {
  'adminUsage.intro': 'Gasto y tokens de toda la organización. Los días empiezan a medianoche en {zone}.',
  'adminUsage.period': 'Periodo',
  'adminUsage.lastDays': '{count, plural, one {Último # día} other {Últimos # días}}',
  'adminUsage.loadFailed': 'No se pudieron cargar las cifras de uso',
  'adminUsage.summary': 'Resumen',
  'adminUsage.totalSpend': 'Gasto total',
  'adminUsage.tokens': 'Tokens',
  'adminUsage.tokensSplit': '{prompt} de entrada · {completion} de salida',
  'adminUsage.activeUsers': 'Usuarios activos',
  'adminUsage.replies': 'Respuestas de la IA',
  'adminUsage.repliesCount': '{count, plural, one {# respuesta de la IA} other {# respuestas de la IA}}',
  'adminUsage.perDay': '{amount} al día de media',
  'adminUsage.empty': '{count, plural, one {Sin uso en el último día} other {Sin uso en los últimos # días}}',
  'adminUsage.emptyHint': 'El gasto y los tokens aparecerán aquí cuando las personas chateen con un modelo.',
  'adminUsage.spendChart': 'Gasto por día y modelo',
  'adminUsage.spendChartSummary':
    'Gráfico de barras del gasto por día en los últimos {days} días, dividido por modelo: {total} en total. El día más alto fue el {day}, con {amount}.',
  'adminUsage.tokensChart': 'Tokens por día',
  'adminUsage.tokensChartSummary':
    'Gráfico de barras de los tokens por día en los últimos {days} días, divididos en tokens de entrada y de salida: {total} en total. El día más alto fue el {day}, con {count}.',
  'adminUsage.topUsers': 'Usuarios con más gasto',
  'adminUsage.topUsersHint': 'Las diez personas que más gastaron en este periodo. El CSV incluye a todos.',
  'adminUsage.showTable': 'Mostrar las cifras como tabla',
  'adminUsage.download': 'Descargar CSV',
  'adminUsage.downloadLabel': 'Descargar CSV: {chart}',
  'adminUsage.otherModels': 'Otros modelos',
  'adminUsage.promptTokens': 'Tokens de entrada',
  'adminUsage.completionTokens': 'Tokens de salida',
  'adminUsage.date': 'Fecha',
  'adminUsage.model': 'Modelo',
  'adminUsage.total': 'Total',
  'adminUsage.user': 'Usuario',
  'adminUsage.spend': 'Gasto',
  'adminUsage.share': '{percent} del gasto total',
  'adminUsage.ratings': 'Valoraciones por modelo',
  'adminUsage.ratingsHint': 'Pulgares arriba y abajo que recibieron las respuestas de este periodo.',
  'adminUsage.ratingsUp': 'Pulgar arriba',
  'adminUsage.ratingsDown': 'Pulgar abajo',
  'adminUsage.ratingsLiked': 'Valoradas bien',
  'adminUsage.ratingsEmpty': 'Todavía no se ha valorado ninguna respuesta de este periodo.',
} as const

translationOf<typeof english>()(adminUsage)
