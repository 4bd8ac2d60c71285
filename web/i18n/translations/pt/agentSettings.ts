import { translationOf } from '../../catalogue'
import type { agentSettings as english } from '../../en/agentSettings'

export const agentSettings = {
  'agentSettings.field.calendar_email': 'E-mail do calendário',
  'agentSettings.config.title': 'Configuração de agentes',
  'agentSettings.config.workflowNote':
    'Os agentes marcados com “Funciona por um fluxo de trabalho” exigem integração com fluxos de trabalho: cada mensagem para eles é tratada por um fluxo no serviço de automação da sua equipe.',
  'agentSettings.config.workflowMissingNote':
    'Os agentes marcados com “Precisa de um fluxo de trabalho” exigem integração com fluxos de trabalho, que sua organização ainda não configurou. Os demais funcionam no Parley.',
  'agentSettings.config.nativeNote':
    'Estes agentes funcionam no Parley. Ative os que você quer poder escolher no editor.',
  'agentSettings.config.none': 'Sua organização não oferece agentes.',
  'agentSettings.config.enable': 'Ativar {name}',
  'agentSettings.config.runsWorkflow': 'Funciona por um fluxo de trabalho',
  'agentSettings.config.runsNative': 'Funciona no Parley',
  'agentSettings.config.needsWorkflow':
    'Precisa de um fluxo de trabalho, que ainda não está configurado. Fale com seu administrador.',
  'agentSettings.config.hiddenShow': 'Oculto no editor · Mostrar',
  'agentSettings.config.calendarConnection': 'Conexão do calendário',
  'agentSettings.config.required': 'Configuração necessária',
  'agentSettings.config.fieldRequired': 'Este campo é obrigatório',
  'agentSettings.config.invalidEmail': 'Digite um endereço de e-mail válido',
  'agentSettings.config.saved': 'Configurações dos agentes salvas com sucesso',
  'agentSettings.calendar.title': 'Configuração do Agente de Calendário',
  'agentSettings.calendar.description':
    'O cliente OAuth fornecido pelo seu provedor de calendário e, depois, a conexão com o seu calendário. O fluxo do Agente de Calendário o usa para agendar por você.',
  'agentSettings.calendar.notOffered': 'Sua organização não oferece o Agente de Calendário.',
  'agentSettings.calendar.redirectUrl': 'URL de redirecionamento OAuth',
  'agentSettings.calendar.redirectHint':
    'Cadastre este endereço no seu provedor de calendário como URL de redirecionamento do cliente OAuth.',
  'agentSettings.calendar.copy': 'Copiar',
  'agentSettings.calendar.copied': 'Copiado',
  'agentSettings.calendar.copyRedirect': 'Copiar a URL de redirecionamento OAuth',
  'agentSettings.calendar.copyFailed': 'Não foi possível copiar: selecione o endereço e copie você mesmo',
  'agentSettings.calendar.clientId': 'ID do cliente *',
  'agentSettings.calendar.clientSecret': 'Segredo do cliente *',
  'agentSettings.calendar.secretSaved': 'Há um segredo do cliente salvo. Deixe o campo vazio para mantê-lo.',
  'agentSettings.calendar.secretKeep': 'Salvo (sem alterações)',
  'agentSettings.calendar.save': 'Salvar configuração',
  'agentSettings.calendar.saving': 'Salvando...',
  'agentSettings.calendar.saved': 'Configuração do calendário salva',
  'agentSettings.calendar.saveFailed': 'Não foi possível salvar a configuração do calendário',
  'agentSettings.calendar.connection': 'Seu calendário',
  'agentSettings.calendar.saveFirst': 'Salve a configuração e depois conecte seu calendário.',
  'agentSettings.calendar.notConnected': 'Nenhum calendário conectado ainda.',
  'agentSettings.calendar.connect': 'Conectar calendário',
  'agentSettings.calendar.reconnect': 'Reconectar calendário',
  'agentSettings.calendar.needsReconnect':
    'A conexão com o seu calendário expirou. Reconecte-o para continuar usando o Agente de Calendário.',
  'agentSettings.calendar.connectedAs': 'Conectado como {email}',
  'agentSettings.calendar.connectedNoEmail': 'Conectado',
  'agentSettings.calendar.disconnect': 'Desconectar',
  'agentSettings.calendar.disconnected': 'Calendário desconectado',
  'agentSettings.calendar.disconnectFailed': 'Não foi possível desconectar o calendário',
  'agentSettings.calendar.connectFailed': 'Não foi possível iniciar a conexão do calendário',
  'agentSettings.admin.title': 'Agentes',
  'agentSettings.admin.hint':
    'Quais agentes sua organização oferece e o fluxo de trabalho de cada um. Campos vazios usam os padrões do servidor (N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET).',
  'agentSettings.admin.loadFailed': 'Não foi possível carregar os agentes',
  'agentSettings.admin.offer': 'Oferecer {name}',
  'agentSettings.admin.webhookUrl': 'URL do webhook',
  'agentSettings.admin.secret': 'Segredo compartilhado',
  'agentSettings.admin.secretSaved': 'Salvo',
  'agentSettings.admin.secretKeep': 'Deixe vazio para manter o segredo salvo',
  'agentSettings.admin.timeout': 'Tempo limite (segundos)',
  'agentSettings.admin.usesDefaults': 'Usa os padrões',
  'agentSettings.admin.invalidTimeout': 'Digite um número inteiro de segundos entre 1 e 3600',
  'agentSettings.admin.save': 'Salvar',
  'agentSettings.admin.saved': '{name} salvo',
  'agentSettings.admin.saveFailed': 'Não foi possível salvar o agente',
} as const

translationOf<typeof english>()(agentSettings)
