import { translationOf } from '../../catalogue'
import type { adminUsage as english } from '../../en/adminUsage'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminUsage = {
  'adminUsage.intro': 'Gastos e tokens de toda a organização. Os dias começam à meia-noite ({zone}).',
  'adminUsage.period': 'Período',
  'adminUsage.lastDays': '{count, plural, one {Último # dia} other {Últimos # dias}}',
  'adminUsage.loadFailed': 'Não foi possível carregar os números de uso',
  'adminUsage.summary': 'Resumo',
  'adminUsage.totalSpend': 'Gasto total',
  'adminUsage.tokens': 'Tokens',
  'adminUsage.tokensSplit': '{prompt} de entrada · {completion} de saída',
  'adminUsage.activeUsers': 'Usuários ativos',
  'adminUsage.replies': 'Respostas da IA',
  'adminUsage.repliesCount': '{count, plural, one {# resposta da IA} other {# respostas da IA}}',
  'adminUsage.perDay': '{amount} por dia em média',
  'adminUsage.empty': '{count, plural, one {Nenhum uso no último dia} other {Nenhum uso nos últimos # dias}}',
  'adminUsage.emptyHint': 'Os gastos e tokens aparecerão aqui quando as pessoas conversarem com um modelo.',
  'adminUsage.spendChart': 'Gasto por dia e modelo',
  'adminUsage.spendChartSummary':
    'Gráfico de barras do gasto por dia nos últimos {days} dias, dividido por modelo: {total} no total. O dia mais alto foi {day}, com {amount}.',
  'adminUsage.tokensChart': 'Tokens por dia',
  'adminUsage.tokensChartSummary':
    'Gráfico de barras dos tokens por dia nos últimos {days} dias, divididos em tokens de entrada e de saída: {total} no total. O dia mais alto foi {day}, com {count}.',
  'adminUsage.topUsers': 'Usuários com maior gasto',
  'adminUsage.topUsersHint': 'As dez pessoas que mais gastaram neste período. O CSV lista todas.',
  'adminUsage.showTable': 'Mostrar os números como tabela',
  'adminUsage.download': 'Baixar CSV',
  'adminUsage.downloadLabel': 'Baixar CSV: {chart}',
  'adminUsage.otherModels': 'Outros modelos',
  'adminUsage.promptTokens': 'Tokens de entrada',
  'adminUsage.completionTokens': 'Tokens de saída',
  'adminUsage.date': 'Data',
  'adminUsage.model': 'Modelo',
  'adminUsage.total': 'Total',
  'adminUsage.user': 'Usuário',
  'adminUsage.spend': 'Gasto',
  'adminUsage.share': '{percent} do gasto total',
  'adminUsage.ratings': 'Avaliações por modelo',
  'adminUsage.ratingsHint': 'Polegares para cima e para baixo dados às respostas deste período.',
  'adminUsage.ratingsUp': 'Polegar para cima',
  'adminUsage.ratingsDown': 'Polegar para baixo',
  'adminUsage.ratingsLiked': 'Bem avaliadas',
  'adminUsage.ratingsEmpty': 'Nenhuma resposta deste período foi avaliada ainda.',
} as const

translationOf<typeof english>()(adminUsage)
