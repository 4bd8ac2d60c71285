import type { AgentId } from '../../db/catalogues/agents'
import type { User } from '../../db/schema'

/**
 * What Parley answers itself in an agent's place (no workflow set up, the calendar not connected
 * or its access lapsed), in the six languages of `preferred_language`. The reply is stored as the
 * answer, so it is written once, in the asker's language (`ModelCall.language`, decision 150),
 * naming the agent and the screens as the client names them in that language (web/i18n: agents,
 * agentSettings). English is what Parley wrote before.
 */
type Language = User['preferredLanguage']

interface AgentReplyTexts {
  names: Record<AgentId, string>
  /** `{name}`: the agent's name in this language. */
  noWorkflow: string
  calendarNotConnected: string
  calendarReconnect: string
}

const AGENT_REPLY_TEXTS: Record<Language, AgentReplyTexts> = {
  en: {
    names: { rag: 'RAG Agent', jokes: 'Employee agent', calendar: 'Calendar Agent' },
    noWorkflow:
      'The {name} needs a workflow, and none is configured. Please ask an administrator to set one up.',
    calendarNotConnected:
      "Your calendar is not connected yet. Open the Calendar Agent's configuration, choose 'Connect calendar', then ask again.",
    calendarReconnect:
      "Your calendar connection has expired or was revoked. Please reconnect your calendar in the Calendar Agent's configuration, then ask again.",
  },
  es: {
    names: { rag: 'Agente RAG', jokes: 'Agente de empleados', calendar: 'Agente de calendario' },
    noWorkflow:
      'El {name} necesita un flujo de trabajo y no hay ninguno configurado. Pide a un administrador que lo configure.',
    calendarNotConnected:
      'Tu calendario aún no está conectado. Abre la configuración del Agente de calendario, elige «Conectar calendario» y vuelve a preguntar.',
    calendarReconnect:
      'La conexión con tu calendario ha caducado o se ha revocado. Vuelve a conectar tu calendario en la configuración del Agente de calendario y pregunta de nuevo.',
  },
  fr: {
    names: { rag: 'Agent RAG', jokes: 'Agent des employés', calendar: 'Agent Calendrier' },
    noWorkflow:
      'L’{name} a besoin d’un workflow, et aucun n’est configuré. Demandez à un administrateur d’en mettre un en place.',
    calendarNotConnected:
      'Votre calendrier n’est pas encore connecté. Ouvrez la configuration de l’Agent Calendrier, choisissez «\u00a0Connecter le calendrier\u00a0», puis posez à nouveau votre question.',
    calendarReconnect:
      'La connexion à votre calendrier a expiré ou a été révoquée. Reconnectez votre calendrier dans la configuration de l’Agent Calendrier, puis posez à nouveau votre question.',
  },
  de: {
    names: { rag: 'RAG-Agent', jokes: 'Mitarbeiter-Agent', calendar: 'Kalender-Agent' },
    noWorkflow:
      'Der {name} braucht einen Workflow, und es ist keiner eingerichtet. Bitte einen Administrator, einen einzurichten.',
    calendarNotConnected:
      'Dein Kalender ist noch nicht verbunden. Öffne die Konfiguration des Kalender-Agents, wähle „Kalender verbinden“ und frag dann noch einmal.',
    calendarReconnect:
      'Die Verbindung zu deinem Kalender ist abgelaufen oder wurde widerrufen. Verbinde deinen Kalender in der Konfiguration des Kalender-Agents neu und frag dann noch einmal.',
  },
  it: {
    names: { rag: 'Agente RAG', jokes: 'Agente dei dipendenti', calendar: 'Agente Calendario' },
    noWorkflow:
      'L’{name} ha bisogno di un workflow, ma non ne è configurato nessuno. Chiedi a un amministratore di configurarne uno.',
    calendarNotConnected:
      'Il tuo calendario non è ancora collegato. Apri la configurazione dell’Agente Calendario, scegli «Collega calendario» e poi chiedi di nuovo.',
    calendarReconnect:
      'Il collegamento al tuo calendario è scaduto o è stato revocato. Ricollega il calendario nella configurazione dell’Agente Calendario e poi chiedi di nuovo.',
  },
  pt: {
    names: { rag: 'Agente RAG', jokes: 'Agente dos funcionários', calendar: 'Agente de Calendário' },
    noWorkflow:
      'O {name} precisa de um fluxo de trabalho, e nenhum está configurado. Peça a um administrador para configurar um.',
    calendarNotConnected:
      'Seu calendário ainda não está conectado. Abra a configuração do Agente de Calendário, escolha “Conectar calendário” e pergunte de novo.',
    calendarReconnect:
      'A conexão com seu calendário expirou ou foi revogada. Reconecte seu calendário na configuração do Agente de Calendário e pergunte de novo.',
  },
}

function textsFor(language: string | undefined): AgentReplyTexts {
  return AGENT_REPLY_TEXTS[language as Language] ?? AGENT_REPLY_TEXTS.en
}

/** 'The {name} needs a workflow…', with the agent named in `language`. */
export function noWorkflowReply(agent: AgentId, language?: string): string {
  const texts = textsFor(language)
  return texts.noWorkflow.replace('{name}', () => texts.names[agent])
}

export function calendarNotConnectedReply(language?: string): string {
  return textsFor(language).calendarNotConnected
}

export function calendarReconnectReply(language?: string): string {
  return textsFor(language).calendarReconnect
}
