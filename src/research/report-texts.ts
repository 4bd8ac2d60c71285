import type { StopReason } from '../../db/catalogues/research'
import type { User } from '../../db/schema'

/**
 * The words Parley itself writes into a deep research conversation, in the six languages of
 * `preferred_language` (docs/decisions/150, 'written in the sender's language'): the question it
 * stores for the person ('Deep research request: {topic}', the spec's English), the report's
 * 'Sources' list, and the findings report written when no model writes one. They are message
 * content (shown, exported, sent back to models), so they are written once, in the language of
 * the person who asked, and stay valid markdown. `{topic}`, `{reason}` and `{stop}` are filled in.
 */
type Language = User['preferredLanguage']

export interface ReportTexts {
  /** The stored question (spec section 4, reading A). */
  request: string
  /** The heading of the numbered list the `[n]` citations point to. */
  sources: string
  /** After a knowledge entry's title in that list. */
  knowledgeBase: string
  overview: string
  keyFindings: string
  /** The findings report's first line: `{reason}` is one of the four below. */
  researchOn: string
  noFindings: string
  cancelled: string
  budgetRanOut: string
  /** Gathering hit a ceiling and the report could not be paid for: `{stop}` is a stop reason. */
  stoppedEarly: string
  notWritten: string
  stop: Record<StopReason, string>
  /** The report prompt asks for this language (absent for English: the prompt's own language). */
  writeIn?: string
}

const REPORT_TEXTS: Record<Language, ReportTexts> = {
  en: {
    request: 'Deep research request: {topic}',
    sources: 'Sources',
    knowledgeBase: 'team knowledge base',
    overview: 'Overview',
    keyFindings: 'Key Findings',
    researchOn: 'Research on “{topic}”: {reason}',
    noFindings: 'No findings were gathered.',
    cancelled: 'the research was cancelled; the findings gathered so far follow.',
    budgetRanOut: 'the findings gathered before the budget ran out follow.',
    stoppedEarly: '{stop}; the findings gathered follow.',
    notWritten: 'the report could not be written; the findings gathered so far follow.',
    stop: {
      time_limit: 'the time limit for this depth was reached',
      cost_limit: 'the cost limit for this depth was reached',
      budget: 'your budget is exhausted',
    },
  },
  es: {
    request: 'Solicitud de investigación a fondo: {topic}',
    sources: 'Fuentes',
    knowledgeBase: 'base de conocimiento del equipo',
    overview: 'Resumen',
    keyFindings: 'Hallazgos clave',
    researchOn: 'Investigación sobre «{topic}»: {reason}',
    noFindings: 'No se reunió ningún hallazgo.',
    cancelled: 'la investigación se canceló; a continuación, los hallazgos reunidos hasta ahora.',
    budgetRanOut: 'a continuación, los hallazgos reunidos antes de agotarse el presupuesto.',
    stoppedEarly: '{stop}; a continuación, los hallazgos reunidos.',
    notWritten: 'no se pudo redactar el informe; a continuación, los hallazgos reunidos hasta ahora.',
    stop: {
      time_limit: 'se alcanzó el límite de tiempo de esta profundidad',
      cost_limit: 'se alcanzó el límite de coste de esta profundidad',
      budget: 'tu presupuesto está agotado',
    },
    writeIn: 'Spanish (español)',
  },
  fr: {
    request: 'Demande de recherche approfondie\u00a0: {topic}',
    sources: 'Sources',
    knowledgeBase: 'base de connaissances de l’équipe',
    overview: 'Vue d’ensemble',
    keyFindings: 'Principaux résultats',
    researchOn: 'Recherche sur «\u00a0{topic}\u00a0»\u00a0: {reason}',
    noFindings: 'Aucun résultat n’a été recueilli.',
    cancelled: 'la recherche a été annulée\u00a0; voici les résultats recueillis jusque-là.',
    budgetRanOut: 'voici les résultats recueillis avant l’épuisement du budget.',
    stoppedEarly: '{stop}\u00a0; voici les résultats recueillis.',
    notWritten: 'le rapport n’a pas pu être rédigé\u00a0; voici les résultats recueillis jusque-là.',
    stop: {
      time_limit: 'la limite de temps de cette profondeur a été atteinte',
      cost_limit: 'la limite de coût de cette profondeur a été atteinte',
      budget: 'votre budget est épuisé',
    },
    writeIn: 'French (français)',
  },
  de: {
    request: 'Anfrage für eine Tiefenrecherche: {topic}',
    sources: 'Quellen',
    knowledgeBase: 'Wissensdatenbank des Teams',
    overview: 'Überblick',
    keyFindings: 'Wichtigste Erkenntnisse',
    researchOn: 'Recherche zu „{topic}“: {reason}',
    noFindings: 'Es wurden keine Erkenntnisse gesammelt.',
    cancelled: 'Die Recherche wurde abgebrochen; es folgen die bisher gesammelten Erkenntnisse.',
    budgetRanOut: 'Es folgen die Erkenntnisse, die vor dem Ende des Budgets gesammelt wurden.',
    stoppedEarly: '{stop}; es folgen die gesammelten Erkenntnisse.',
    notWritten: 'Der Bericht konnte nicht geschrieben werden; es folgen die bisher gesammelten Erkenntnisse.',
    stop: {
      time_limit: 'das Zeitlimit dieser Tiefe wurde erreicht',
      cost_limit: 'das Kostenlimit dieser Tiefe wurde erreicht',
      budget: 'dein Budget ist aufgebraucht',
    },
    writeIn: 'German (Deutsch)',
  },
  it: {
    request: 'Richiesta di ricerca approfondita: {topic}',
    sources: 'Fonti',
    knowledgeBase: 'knowledge base del team',
    overview: 'Panoramica',
    keyFindings: 'Risultati principali',
    researchOn: 'Ricerca su «{topic}»: {reason}',
    noFindings: 'Non è stato raccolto alcun risultato.',
    cancelled: 'la ricerca è stata annullata; seguono i risultati raccolti finora.',
    budgetRanOut: 'seguono i risultati raccolti prima che il budget si esaurisse.',
    stoppedEarly: '{stop}; seguono i risultati raccolti.',
    notWritten: 'non è stato possibile scrivere il rapporto; seguono i risultati raccolti finora.',
    stop: {
      time_limit: 'è stato raggiunto il limite di tempo di questa profondità',
      cost_limit: 'è stato raggiunto il limite di costo di questa profondità',
      budget: 'il tuo budget è esaurito',
    },
    writeIn: 'Italian (italiano)',
  },
  pt: {
    request: 'Pedido de pesquisa aprofundada: {topic}',
    sources: 'Fontes',
    knowledgeBase: 'base de conhecimento da equipe',
    overview: 'Visão geral',
    keyFindings: 'Principais descobertas',
    researchOn: 'Pesquisa sobre “{topic}”: {reason}',
    noFindings: 'Nenhuma descoberta foi reunida.',
    cancelled: 'a pesquisa foi cancelada; seguem as descobertas reunidas até agora.',
    budgetRanOut: 'seguem as descobertas reunidas antes de o orçamento acabar.',
    stoppedEarly: '{stop}; seguem as descobertas reunidas.',
    notWritten: 'não foi possível escrever o relatório; seguem as descobertas reunidas até agora.',
    stop: {
      time_limit: 'o limite de tempo desta profundidade foi atingido',
      cost_limit: 'o limite de custo desta profundidade foi atingido',
      budget: 'seu orçamento acabou',
    },
    writeIn: 'Portuguese (português)',
  },
}

/** The report's words in `language` (English for a language Parley does not have, or none). */
export function reportTexts(language: string | undefined): ReportTexts {
  return REPORT_TEXTS[language as Language] ?? REPORT_TEXTS.en
}

/** A text with its `{name}` placeholders filled; a value's own braces are left as they are. */
export function fillReport(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
