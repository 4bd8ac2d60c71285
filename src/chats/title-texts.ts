import type { User } from '../../db/schema'

/**
 * The words Parley itself puts in an automatic chat title (spec section 4, "Auto-title"), in the
 * six languages of `preferred_language`: the title is written once, when the first message is
 * sent, in the sender's language, and is theirs to rename (docs/decisions/150). English is the
 * spec's text. `{text}` is the person's own words, `{language}` a programming language's name.
 */
type Language = User['preferredLanguage']

interface TitleTexts {
  fileUpload: string
  withFiles: string
  code: string
  codeDiscussion: string
  documentAnalysis: string
  create: string
  creativeTask: string
}

const TITLE_TEXTS: Record<Language, TitleTexts> = {
  en: {
    fileUpload: 'File Upload',
    withFiles: '{text} (Files)',
    code: '{language} Code',
    codeDiscussion: 'Code Discussion',
    documentAnalysis: 'Document Analysis',
    create: 'Create: {text}',
    creativeTask: 'Creative Task',
  },
  es: {
    fileUpload: 'Archivos subidos',
    withFiles: '{text} (Archivos)',
    code: 'Código {language}',
    codeDiscussion: 'Conversación sobre código',
    documentAnalysis: 'Análisis de documentos',
    create: 'Crear: {text}',
    creativeTask: 'Tarea creativa',
  },
  fr: {
    fileUpload: 'Fichiers téléversés',
    withFiles: '{text} (Fichiers)',
    code: 'Code {language}',
    codeDiscussion: 'Discussion sur du code',
    documentAnalysis: 'Analyse de document',
    create: 'Créer\u00a0: {text}',
    creativeTask: 'Tâche créative',
  },
  de: {
    fileUpload: 'Hochgeladene Dateien',
    withFiles: '{text} (Dateien)',
    code: '{language}-Code',
    codeDiscussion: 'Code-Diskussion',
    documentAnalysis: 'Dokumentanalyse',
    create: 'Erstellen: {text}',
    creativeTask: 'Kreative Aufgabe',
  },
  it: {
    fileUpload: 'File caricati',
    withFiles: '{text} (File)',
    code: 'Codice {language}',
    codeDiscussion: 'Discussione sul codice',
    documentAnalysis: 'Analisi di documenti',
    create: 'Crea: {text}',
    creativeTask: 'Attività creativa',
  },
  pt: {
    fileUpload: 'Arquivos enviados',
    withFiles: '{text} (Arquivos)',
    code: 'Código {language}',
    codeDiscussion: 'Conversa sobre código',
    documentAnalysis: 'Análise de documentos',
    create: 'Criar: {text}',
    creativeTask: 'Tarefa criativa',
  },
}

/** The title words in `language` (English for a language Parley does not have). */
export function titleTexts(language: string | undefined): TitleTexts {
  return TITLE_TEXTS[language as Language] ?? TITLE_TEXTS.en
}

/** A title text with its `{name}` placeholders filled. */
export function fillTitle(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
