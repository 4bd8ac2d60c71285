import { translationOf } from '../../catalogue'
import type { adminApiKeys as english } from '../../en/adminApiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const adminApiKeys = {
  'adminApiKeys.intro':
    'A API da equipe permite usar o Parley em scripts e ferramentas com chaves pessoais. Valem o acesso a modelos e os orçamentos de cada pessoa, e cada chamada é registrada em Uso.',
  'adminApiKeys.access.title': 'Acesso',
  'adminApiKeys.access.enabled': 'API da equipe ativada',
  'adminApiKeys.access.enabledHint':
    'Desativada: nenhuma chave funciona, nenhuma é excluída e ninguém pode criar uma.',
  'adminApiKeys.access.fromEnvironment':
    'No momento definido pela configuração API_KEYS do servidor, até você salvar aqui.',
  'adminApiKeys.access.who': 'Quem pode usar',
  'adminApiKeys.access.everyone': 'Todos',
  'adminApiKeys.access.groups': 'Só estes grupos',
  'adminApiKeys.access.groupsLabel': 'Grupos',
  'adminApiKeys.access.noGroups': 'Ainda não há grupos. Crie um antes em Administração › Grupos.',
  'adminApiKeys.access.chooseGroup': 'Escolha pelo menos um grupo',
  'adminApiKeys.access.save': 'Salvar',
  'adminApiKeys.access.saved': 'Acesso à API salvo',
  'adminApiKeys.access.saveFailed': 'Não foi possível salvar o acesso à API',
  'adminApiKeys.access.loadFailed': 'Não foi possível carregar o acesso à API',
  'adminApiKeys.keys.title': 'Chaves',
  'adminApiKeys.keys.loadFailed': 'Não foi possível carregar as chaves',
  'adminApiKeys.keys.empty': 'Ninguém criou uma chave de API ainda.',
  'adminApiKeys.keys.lastUsed': 'Último uso',
  'adminApiKeys.keys.spend': 'Gasto este mês',
  'adminApiKeys.keys.never': 'Nunca',
  'adminApiKeys.keys.limit': 'de {limit}',
  'adminApiKeys.keys.revoked': 'Revogada em {date}',
  'adminApiKeys.keys.expired': 'Expirou em {date}',
  'adminApiKeys.keys.revoke': 'Revogar',
  'adminApiKeys.keys.revokeLabel': 'Revogar “{name}” de {owner}',
  'adminApiKeys.keys.revokeTitle': 'Revogar “{name}”?',
  'adminApiKeys.keys.revokeBody':
    'A chave de {owner} para de funcionar na hora, em todas as instâncias. Isso fica no registro de auditoria e não pode ser desfeito.',
  'adminApiKeys.keys.revokeConfirm': 'Revogar chave',
  'adminApiKeys.keys.revokedToast': 'Chave revogada',
  'adminApiKeys.keys.revokeFailed': 'Não foi possível revogar a chave',
} as const

translationOf<typeof english>()(adminApiKeys)
