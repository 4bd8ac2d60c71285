import { translationOf } from '../../catalogue'
import type { tools as english } from '../../en/tools'

/** Tools in conversations (issue 30). Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const tools = {
  'tools.menu.title': 'Ferramentas',
  'tools.menu.hint': 'O modelo pode usar as ferramentas ativadas nesta conversa.',
  'tools.menu.empty': 'Ainda não há ferramentas disponíveis para você.',
  'tools.menu.noChat': 'Envie uma primeira mensagem e depois ative ferramentas para esta conversa.',
  'tools.menu.loadFailed': 'Não foi possível carregar as ferramentas',
  'tools.menu.saveFailed': 'Não foi possível salvar as ferramentas da conversa',
  'tools.menu.unreachable': 'Inacessível: {error}',
  'tools.menu.functions': 'Suas ferramentas: {names}',
  'tools.menu.noFunctions': 'No momento ele não oferece ferramentas.',
  'tools.name.web-search': 'Busca na web',
  'tools.name.file-search': 'Busca em arquivos',
  'tools.name.image-generation': 'Geração de imagens',
  'tools.name.code-interpreter': 'Interpretador de código',
  'tools.description.web-search': 'Pesquisar na internet',
  'tools.description.file-search': 'Buscar na sua base de conhecimento e nos arquivos desta conversa',
  'tools.description.image-generation': 'Gerar imagens',
  'tools.description.code-interpreter': 'Executar código em um ambiente isolado',
  'tools.description.mcp': 'Servidor MCP',
  'tools.prompt.enabled':
    '{count, plural, one {# ferramenta ativada para esta conversa} other {# ferramentas ativadas para esta conversa}}',
  'tools.calls.label': 'Chamadas de ferramentas',
  'tools.call.status.running': 'Em andamento',
  'tools.call.status.awaiting_approval': 'Aguardando sua aprovação',
  'tools.call.status.done': 'Concluído',
  'tools.call.status.failed': 'Falhou',
  'tools.call.status.denied': 'Negada',
  'tools.call.milliseconds': '{ms} ms',
  'tools.call.seconds': '{seconds} s',
  'tools.call.arguments': 'Argumentos',
  'tools.call.result': 'Resultado',
  'tools.call.noArguments': 'Sem argumentos',
  'tools.call.noResult': 'Ainda sem resultado',
  'tools.call.ask': 'O modelo quer executar {name}. Permitir?',
  'tools.call.approve': 'Aprovar',
  'tools.call.deny': 'Negar',
  'tools.call.approveLabel': 'Aprovar {name}',
  'tools.call.denyLabel': 'Negar {name}',
  'tools.call.decideFailed': 'Não foi possível enviar sua decisão',
  'tools.call.noLongerWaiting': 'Esta chamada não aguarda mais uma decisão',
} as const

translationOf<typeof english>()(tools)
