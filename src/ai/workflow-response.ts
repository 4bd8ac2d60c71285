/**
 * Reading a workflow webhook's answer (spec section 7, "Workflow-automation webhook"): plain text,
 * a JSON string, an object carrying output, message, response or text, or an array of those.
 * Failures are not thrown: they become the spec's replies (section 8), stored as the assistant's
 * answer, so the conversation shows what happened.
 */

export const WORKFLOW_EMPTY_REPLY = 'I received an empty response from the AI service. Please try again.'
export const WORKFLOW_ERROR_REPLY = 'I apologize, but I encountered an error processing your request.'
export const WORKFLOW_CONNECTION_REPLY =
  "I'm sorry, I'm having trouble connecting to my AI service right now. Please try again in a moment."

export type WorkflowReply = 'empty' | 'error' | 'connection'

/**
 * The spec's replies in the asking user's language (`ModelCall.language`): they are stored as the
 * answer, written once for the person who asked (docs/decisions/150). English is the spec's.
 */
const WORKFLOW_REPLIES: Record<string, Record<WorkflowReply, string>> = {
  en: { empty: WORKFLOW_EMPTY_REPLY, error: WORKFLOW_ERROR_REPLY, connection: WORKFLOW_CONNECTION_REPLY },
  es: {
    empty: 'He recibido una respuesta vacía del servicio de IA. Inténtalo de nuevo.',
    error: 'Lo siento, se ha producido un error al procesar tu solicitud.',
    connection:
      'Lo siento, ahora mismo tengo problemas para conectar con mi servicio de IA. Inténtalo de nuevo en un momento.',
  },
  fr: {
    empty: 'J’ai reçu une réponse vide du service d’IA. Veuillez réessayer.',
    error: 'Je suis désolé, une erreur s’est produite lors du traitement de votre demande.',
    connection:
      'Je suis désolé, je n’arrive pas à joindre mon service d’IA pour le moment. Veuillez réessayer dans un instant.',
  },
  de: {
    empty: 'Ich habe vom KI-Dienst eine leere Antwort erhalten. Bitte versuche es noch einmal.',
    error: 'Entschuldigung, bei der Bearbeitung deiner Anfrage ist ein Fehler aufgetreten.',
    connection:
      'Entschuldigung, ich kann meinen KI-Dienst gerade nicht erreichen. Bitte versuche es gleich noch einmal.',
  },
  it: {
    empty: 'Ho ricevuto una risposta vuota dal servizio di IA. Riprova.',
    error: 'Mi dispiace, si è verificato un errore durante l’elaborazione della tua richiesta.',
    connection:
      'Mi dispiace, al momento non riesco a collegarmi al mio servizio di IA. Riprova tra un attimo.',
  },
  pt: {
    empty: 'Recebi uma resposta vazia do serviço de IA. Tente novamente.',
    error: 'Desculpe, ocorreu um erro ao processar sua solicitação.',
    connection:
      'Desculpe, estou com dificuldade para me conectar ao meu serviço de IA agora. Tente novamente em instantes.',
  },
}

/** One of the spec's replies in `language` (English for none, or one Parley does not have). */
export function workflowReply(kind: WorkflowReply, language?: string): string {
  return (WORKFLOW_REPLIES[language ?? 'en'] ?? WORKFLOW_REPLIES.en!)[kind]
}

export type WorkflowOutcome =
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  | { kind: 'error'; detail: string }

const TEXT_FIELDS = ['output', 'message', 'response', 'text'] as const

/** Classifies an HTTP answer from the webhook. */
export function parseWorkflowResponse(status: number, body: string): WorkflowOutcome {
  if (status < 200 || status >= 300) return { kind: 'error', detail: `HTTP ${status}` }
  const trimmed = body.trim()
  if (!trimmed) return { kind: 'empty' }
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch {
    return { kind: 'text', text: trimmed }
  }
  return outcomeOf(value)
}

function outcomeOf(value: unknown): WorkflowOutcome {
  if (typeof value === 'string') return value.trim() ? { kind: 'text', text: value } : { kind: 'empty' }
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'text', text: String(value) }
  if (Array.isArray(value)) {
    const outcomes = value.map(outcomeOf)
    const texts = outcomes.flatMap((outcome) => (outcome.kind === 'text' ? [outcome.text] : []))
    if (texts.length) return { kind: 'text', text: texts.join('\n\n') }
    const failure = outcomes.find((outcome) => outcome.kind === 'error')
    return failure ?? { kind: 'empty' }
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const field of TEXT_FIELDS) {
      const candidate = record[field]
      if (typeof candidate === 'string' && candidate.trim()) return { kind: 'text', text: candidate }
      // Some workflows nest a chat message: { message: { content: '...' } }.
      if (candidate && typeof candidate === 'object' && !Array.isArray(candidate)) {
        const content = (candidate as Record<string, unknown>).content
        if (typeof content === 'string' && content.trim()) return { kind: 'text', text: content }
      }
    }
    if (record.error !== undefined && record.error !== null && record.error !== false) {
      return { kind: 'error', detail: describeError(record.error) }
    }
    return { kind: 'empty' }
  }
  return { kind: 'empty' }
}

function describeError(error: unknown): string {
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message
  }
  return 'the workflow reported an error'
}

/** The assistant's reply for an outcome: the text itself, or the spec's reply for the failure, in `language`. */
export function workflowReplyText(outcome: WorkflowOutcome, language?: string): string {
  switch (outcome.kind) {
    case 'text':
      return outcome.text
    case 'empty':
      return workflowReply('empty', language)
    case 'error':
      return workflowReply('error', language)
  }
}
