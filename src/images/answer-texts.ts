import type { User } from '../../db/schema'

/**
 * The two messages an image made in a chat stores (spec section 7: 'Generate an image: {prompt}'
 * and 'I've generated an image based on your prompt: "{prompt}"'), in the six languages of
 * `preferred_language`: written once, in the asker's language, like the auto-title's words
 * (docs/decisions/150). English is the spec's. The markdown image after the answer's sentence is
 * not part of these texts: its alt stays 'Generated Image', which the client and the chat export
 * recognise (web/features/messages/markdown/answer-image.tsx, src/knowledge/chat-export.ts).
 */
type Language = User['preferredLanguage']

interface ImageTexts {
  question: string
  answer: string
}

const IMAGE_TEXTS: Record<Language, ImageTexts> = {
  en: {
    question: 'Generate an image: {prompt}',
    answer: 'I\'ve generated an image based on your prompt: "{prompt}"',
  },
  es: {
    question: 'Genera una imagen: {prompt}',
    answer: 'He generado una imagen a partir de tu descripción: «{prompt}»',
  },
  fr: {
    question: 'Génère une image\u00a0: {prompt}',
    answer: 'J’ai généré une image à partir de votre description\u00a0: «\u00a0{prompt}\u00a0»',
  },
  de: {
    question: 'Erstelle ein Bild: {prompt}',
    answer: 'Ich habe ein Bild nach deiner Beschreibung erstellt: „{prompt}“',
  },
  it: {
    question: 'Genera un’immagine: {prompt}',
    answer: 'Ho generato un’immagine a partire dalla tua descrizione: «{prompt}»',
  },
  pt: {
    question: 'Gere uma imagem: {prompt}',
    answer: 'Gerei uma imagem a partir da sua descrição: “{prompt}”',
  },
}

/** The texts in `language` (English for a language Parley does not have), with the prompt filled in. */
export function imageTexts(language: string | undefined, prompt: string): ImageTexts {
  const texts = IMAGE_TEXTS[language as Language] ?? IMAGE_TEXTS.en
  // A function replacement: a `$&` in the prompt stays as typed.
  return {
    question: texts.question.replace('{prompt}', () => prompt),
    answer: texts.answer.replace('{prompt}', () => prompt),
  }
}
