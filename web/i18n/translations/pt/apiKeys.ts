import { translationOf } from '../../catalogue'
import type { apiKeys as english } from '../../en/apiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const apiKeys = {
  'apiKeys.tab': 'Chaves de API',
  'apiKeys.intro':
    'Conecte ao Parley scripts, notebooks e ferramentas feitos com os SDKs da OpenAI. Uma chave age em seu nome: valem seus modelos, seu orçamento e seus grupos.',
  'apiKeys.new': 'Criar chave',
  'apiKeys.loadFailed': 'Não foi possível carregar suas chaves de API',
  'apiKeys.empty': 'Nenhuma chave de API ainda',
  'apiKeys.emptyHint':
    'Crie uma para usar o Parley pelo curl, LangChain, Continue ou qualquer cliente da OpenAI.',
  'apiKeys.off': 'A API da equipe está desativada neste servidor',
  'apiKeys.offHint':
    'Um administrador pode ativá-la em Administração › API. Enquanto isso, as chaves que você já criou não funcionam.',
  'apiKeys.notInGroups': 'Seus grupos não têm acesso à API da equipe',
  'apiKeys.notInGroupsHint': 'Peça a um administrador para incluir você em um grupo que possa usá-la.',
  'apiKeys.locked':
    'As chaves de API são privadas de {name}: não podem ser vistas nem criadas durante um acesso de suporte.',
  'apiKeys.scope.chat': 'Chat',
  'apiKeys.scope.embeddings': 'Embeddings',
  'apiKeys.scope.models': 'Modelos',
  'apiKeys.scope.chatHint': 'POST /v1/chat/completions',
  'apiKeys.scope.embeddingsHint': 'POST /v1/embeddings',
  'apiKeys.scope.modelsHint': 'GET /v1/models',
  'apiKeys.row.scopes': 'Permissões',
  'apiKeys.row.created': 'Criada em {date}',
  'apiKeys.row.lastUsed': 'Último uso {when}',
  'apiKeys.row.neverUsed': 'Nunca usada',
  'apiKeys.row.expires': 'Expira em {date}',
  'apiKeys.row.expired': 'Expirou em {date}',
  'apiKeys.row.noExpiry': 'Sem expiração',
  'apiKeys.row.revoked': 'Revogada em {date}',
  'apiKeys.row.spend': '{spent} este mês',
  'apiKeys.row.spendOfLimit': '{spent} de {limit} este mês',
  'apiKeys.revoke': 'Revogar',
  'apiKeys.revokeLabel': 'Revogar “{name}”',
  'apiKeys.revokeTitle': 'Revogar “{name}”?',
  'apiKeys.revokeBody':
    'Scripts e ferramentas que usam esta chave param de funcionar na hora. Não é possível desfazer.',
  'apiKeys.revokeConfirm': 'Revogar chave',
  'apiKeys.revoked': 'Chave revogada',
  'apiKeys.revokeFailed': 'Não foi possível revogar a chave',
  'apiKeys.create.title': 'Criar chave de API',
  'apiKeys.create.description':
    'Dê à chave o nome do lugar onde ela será usada e só as permissões de que ela precisa.',
  'apiKeys.create.name': 'Nome',
  'apiKeys.create.namePlaceholder': 'Notebook no meu laptop',
  'apiKeys.create.nameRequired': 'Dê um nome à chave',
  'apiKeys.create.scopes': 'Permissões',
  'apiKeys.create.scopesRequired': 'Escolha pelo menos uma permissão',
  'apiKeys.create.expiry': 'Expira em (opcional)',
  'apiKeys.create.expiryHint': 'A chave para de funcionar no início desse dia. Deixe vazio para não expirar.',
  'apiKeys.create.expiryPast': 'Escolha um dia depois de hoje',
  'apiKeys.create.limit': 'Limite mensal em dólares (opcional)',
  'apiKeys.create.limitHint':
    'Os gastos com esta chave param neste valor a cada mês. Seu próprio orçamento também vale.',
  'apiKeys.create.limitInvalid': 'Digite um valor como 5 ou 12,50',
  'apiKeys.create.submit': 'Criar chave',
  'apiKeys.create.failed': 'Não foi possível criar a chave',
  'apiKeys.created.title': 'Sua nova chave de API',
  'apiKeys.created.once':
    'Copie esta chave agora: ela aparece uma única vez. O Parley guarda apenas uma impressão digital dela.',
  'apiKeys.created.key': 'Chave de API',
  'apiKeys.created.howTo': 'Como usar',
  'apiKeys.created.baseUrl': 'URL base',
  'apiKeys.created.howToHint':
    'Informe esta URL base e a chave a qualquer cliente da OpenAI, ou teste com curl:',
  'apiKeys.created.done': 'Concluído',
} as const

translationOf<typeof english>()(apiKeys)
