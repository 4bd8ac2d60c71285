import { translationOf } from '../../catalogue'
import type { chat as english } from '../../en/chat'

/**
 * Kept as its own constant (rather than the value `translationOf` returns, whose texts are typed
 * plain `string`) so the catalogue's own check still sees each text's placeholders.
 */
export const chat = {
  'chat.messages.label': 'Mensagens',
  'chat.messages.loading': 'Carregando mensagens',
  'chat.messages.loadFailed': 'Não foi possível carregar as mensagens',
  'chat.messages.loadOlder': 'Carregar mensagens anteriores',
  'chat.message.user': 'Sua mensagem',
  'chat.message.assistant': 'Mensagem do assistente',
  'chat.message.copy': 'Copiar mensagem',
  'chat.message.copied': 'Copiado',
  'chat.message.thinking': 'Pensando...',
  'chat.message.stopped': 'Interrompida',
  'chat.sources.title': 'Fontes',
  'chat.sources.open': 'Abrir a fonte {number}: {title}',

  'chat.reply.retry': 'Tentar novamente',
  'chat.reply.regenerate': 'Gerar novamente',
  'chat.reply.failed': 'Não foi possível enviar a mensagem. Tente novamente.',
  'chat.reply.refused': 'Não foi possível enviar a mensagem',
  'chat.reply.httpError': 'Erro HTTP! Status: {status}',
  'chat.reply.stopFailed': 'Não foi possível parar a resposta',
  'chat.reply.noChat': 'Nenhuma conversa aberta',

  'chat.markdown.image': 'imagem',
  'chat.markdown.imageFrom': 'Imagem de {host}',
  'chat.markdown.loadImage': 'Carregar imagem',
  'chat.markdown.plainText': 'texto',
  'chat.markdown.copyCode': 'Copiar',
  'chat.markdown.copied': 'Copiado',

  'chat.attachments.dropHere': 'Solte os arquivos aqui para anexar',
  'chat.attachments.attached': 'Arquivos anexados',
  'chat.attachments.list': 'Anexos',
  'chat.attachments.preview': 'Visualizar',
  'chat.attachments.open': 'Abrir',
  'chat.attachments.openNamed': 'Abrir {name}',
  'chat.attachments.download': 'Baixar {name}',
  'chat.attachments.remove': 'Remover {name}',
  'chat.attachments.uploading': 'Enviando {name}',
  'chat.attachments.processing': 'Processando {name}',
  'chat.attachments.genericExtension': 'ARQUIVO',
  'chat.attachments.file': 'Arquivo',
  'chat.attachments.textFile': 'Arquivo de texto {extension}',
  'chat.attachments.unknownType': 'Tipo desconhecido',
  'chat.attachments.tooMany': 'Arquivos demais (máx. {max})',
  'chat.attachments.tooLarge': 'O arquivo é grande demais (máx. {size})',
  'chat.attachments.processFailed': 'Não foi possível processar o arquivo: {name}',

  'chat.preview.rotate': 'Girar',
  'chat.preview.download': 'Baixar',
  'chat.preview.remove': 'Remover',
  'chat.preview.closeHint': 'Clique fora ou pressione Esc para fechar',

  'chat.settings.title': 'Configurações avançadas da conversa',
  'chat.settings.description':
    'Estas configurações valem apenas para esta conversa. As alterações passam a valer na sua próxima mensagem.',
  'chat.settings.loadFailed': 'Não foi possível carregar as configurações',
  'chat.settings.capabilitiesFailed': 'Não foi possível carregar os recursos do servidor',
  'chat.settings.systemPrompt': 'Instruções do sistema',
  'chat.settings.systemPromptPlaceholder': 'Você é um assistente prestativo...',
  'chat.settings.temperature': 'Temperatura',
  'chat.settings.temperatureHint': 'Mais alta é mais criativa; mais baixa, mais focada.',
  'chat.settings.maxTokens': 'Máximo de tokens',
  'chat.settings.maxTokensField': 'Tamanho máximo da resposta da IA (1 a 128.000 tokens)',
  'chat.settings.topP': 'Top P',
  'chat.settings.frequencyPenalty': 'Penalidade de frequência',
  'chat.settings.presencePenalty': 'Penalidade de presença',
  'chat.settings.responseFormat': 'Formato da resposta',
  'chat.settings.format.text': 'Texto',
  'chat.settings.format.json': 'JSON',
  'chat.settings.format.markdown': 'Markdown',
  'chat.settings.webSearch': 'Ativar pesquisa na web',
  'chat.settings.webSearchHint': 'Pesquisa na web e cita os resultados.',
  'chat.settings.webSearchUnavailable': 'A pesquisa na web não está configurada neste servidor.',
  'chat.settings.resetToDefaults': 'Restaurar padrões',
  'chat.settings.resetQuestion':
    'Restaurar todas as configurações para os valores padrão? Essa ação não pode ser desfeita.',
  'chat.settings.reset': 'Restaurar',
  'chat.settings.save': 'Salvar configurações',
  'chat.settings.saving': 'Salvando...',
  'chat.settings.saved': 'Configurações da conversa salvas',
  'chat.settings.saveFailed': 'Não foi possível salvar as configurações',
  'chat.settings.resetDone': 'Configurações restauradas para os padrões',
  'chat.settings.resetFailed': 'Não foi possível restaurar as configurações',
} as const

translationOf<typeof english>()(chat)
