import { translationOf } from '../../catalogue'
import type { admin as english } from '../../en/admin'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const admin = {
  'admin.title': 'Administração',
  'admin.signedInAs': 'Conectado como administrador {name}.',
  'admin.notAllowedTitle': 'Acesso não permitido',
  'admin.notAllowed':
    'Você não tem permissão para abrir a área de administração. Somente administradores podem.',
  'admin.nav.label': 'Seções de administração',
  'admin.nav.users': 'Usuários',
  'admin.nav.audit': 'Registro de auditoria',
  'admin.nav.budgets': 'Orçamentos',
  'admin.nav.models': 'Modelos',
  'admin.nav.usage': 'Uso',
  'admin.nav.branding': 'Marca',
  'admin.nav.impersonations': 'Acesso de suporte',
  'admin.nav.signIn': 'Entrada',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'Servidores MCP',
  'admin.nav.sharing': 'Compartilhamento',
  'admin.nav.retention': 'Retenção',
  'admin.nav.backups': 'Backups',
  'admin.nav.groups': 'Grupos',
  'admin.budgets.intro':
    'Limites de gastos para toda a organização. Um valor definido aqui substitui o da configuração do servidor.',
  'admin.budgets.loadFailed': 'Não foi possível carregar as configurações de orçamento',
  'admin.budgets.saveFailed': 'Não foi possível salvar as configurações de orçamento',
  'admin.budgets.saved': 'Configurações de orçamento salvas',
  'admin.budgets.resetDone': 'Valor da configuração do servidor restaurado',
  'admin.budgets.save': 'Salvar',
  'admin.budgets.daily': 'Limite diário',
  'admin.budgets.monthly': 'Limite mensal',
  'admin.budgets.limitHint': 'Em dólares americanos. Deixe em branco para não ter limite.',
  'admin.budgets.current': 'Agora: {amount}',
  'admin.budgets.noLimit': 'Sem limite',
  'admin.budgets.threshold': 'Limiar de alerta',
  'admin.budgets.thresholdHint': 'Avisar quando esta parte de um limite tiver sido usada (1–⁠100 %).',
  'admin.budgets.enforce': 'Bloquear solicitações acima do limite',
  'admin.budgets.enforceHint': 'Desativado, as pessoas só recebem um aviso.',
  'admin.budgets.timeZone': 'Fuso horário',
  'admin.budgets.timeZoneHint': 'Dias e meses começam à meia-noite neste fuso horário.',
  'admin.budgets.timeZoneNone': 'Nenhum fuso horário corresponde',
  'admin.budgets.source.environment': 'Definido pela configuração do servidor',
  'admin.budgets.source.organisation': 'Definido aqui',
  'admin.budgets.reset': 'Usar o valor do servidor',
  'admin.budgets.resetLabel': 'Usar o valor do servidor: {field}',
  'admin.budgets.invalidAmount': 'Digite um valor em dólares, por exemplo 12,50',
  'admin.budgets.invalidPercent': 'Digite uma porcentagem inteira de 1 a 100',
  'admin.budgets.invalidTimeZone': 'Escolha um fuso horário da lista',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Digite um valor em dólares de 0 a 1.000.000.000 com no máximo duas casas decimais (centavos)',
  'admin.budgets.thresholdRefused': 'O limiar de alerta deve ser uma porcentagem inteira de 1 a 100',
  'admin.budgets.timeZoneRefused':
    'Fuso horário desconhecido. Escolha um como Europe/Paris ou America/New_York',
} as const

translationOf<typeof english>()(admin)
