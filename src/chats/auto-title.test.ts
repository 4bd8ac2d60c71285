import { describe, expect, test } from 'bun:test'
import { computeChatTitle } from './auto-title'

describe('auto-title rule 1: empty text', () => {
  test.each([
    ['', 0, 'New Chat'],
    ['   \n\t', 0, 'New Chat'],
    ['', 2, 'File Upload'],
    ['  ', 1, 'File Upload'],
  ])('%p with %p files → %p', (text, files, title) => {
    expect(computeChatTitle(text, files)).toBe(title)
  })
})

describe('auto-title rule 2: text with files', () => {
  test.each([
    ['summary please', 1, 'summary please (Files)'],
    ['exactly thirty characters long', 1, 'exactly thirty characters long (Files)'],
    ['this sentence is a little longer than thirty', 2, 'this sentence is a little long... (Files)'],
    ['what is in these files?', 3, 'what is in these files? (Files)'],
  ])('%p with %p files → %p', (text, files, title) => {
    expect(computeChatTitle(text, files)).toBe(title)
  })
})

describe('auto-title rule 3: at most 3 words and 50 characters', () => {
  test.each([
    ['hello', 'Hello'],
    ['what is love', 'What is love'],
    ['explain closures please', 'Explain closures please'],
    ['debug my code', 'Debug my code'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })

  test('three words longer than 50 characters fall through to later rules', () => {
    const long =
      'supercalifragilisticexpialidocious antidisestablishmentarianism floccinaucinihilipilification'
    expect(computeChatTitle(long)).not.toBe(long.charAt(0).toUpperCase() + long.slice(1))
  })
})

describe('auto-title rule 4: a question word first', () => {
  test.each([
    ['what is the capital city of France today', 'What is the capital city of?'],
    ['how do I center a div', 'How do I center a div?'],
    ['Why is the sky blue during the day', 'Why is the sky blue during?'],
    ['should I learn rust or go first?', 'Should I learn rust or go?'],
    ['can you tell me a story about dragons', 'Can you tell me a story?'],
    ['is this function correct or not', 'Is this function correct or not?'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })
})

describe('auto-title rule 5: a request phrase first', () => {
  test.each([
    ['please translate this paragraph into German for me', 'Please translate this paragraph into'],
    ['help me plan a birthday party next week', 'Help me plan a birthday'],
    ['write a poem about the sea and the sky', 'Write a poem about the'],
    ['summarize the following meeting notes for the team', 'Summarize the following meeting notes'],
    ['check my grammar in this long email', 'Check my grammar in this'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })

  test('a request word must be a whole word: "checklist" is not "check"', () => {
    expect(computeChatTitle('checklist for moving into a new flat')).toBe('Checklist for moving into')
  })
})

describe('auto-title rule 6: code words', () => {
  test.each([
    ['my python function returns None every time', 'Python Code'],
    ['there is a bug in my react component somewhere', 'React Code'],
    ['I need to implement a queue in javascript quickly', 'Javascript Code'],
    ['the test keeps failing on the build server', 'Code Discussion'],
    ['I get a strange error from the compiler today', 'Code Discussion'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })

  test('java is found as a whole word, not inside javascript', () => {
    expect(computeChatTitle('my java class will not compile at all')).toBe('Java Code')
  })
})

describe('auto-title rule 7: document words', () => {
  test.each([
    ['I have a pdf with quarterly numbers inside', 'Document Analysis'],
    ['this report needs a second look tomorrow', 'Document Analysis'],
    ['I want you to extract the dates from it', 'Document Analysis'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })
})

describe('auto-title rule 8: creation words', () => {
  test.each([
    ['I want to design a logo for my bakery', 'Create: Want to design'],
    ['we should make a plan for the offsite', 'Create: Should make a'],
    ['let us draft an announcement for Friday', 'Create: Us draft an'],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })
})

describe('auto-title rule 9: first four words', () => {
  test.each([
    ['the weather in Lisbon is lovely this time of year', 'The weather in Lisbon'],
    ['tell me about the roman empire please', 'Tell me about the'],
    [
      'internationalization localization accessibility considerations matter',
      'Internationalization localization acc...',
    ],
  ])('%p → %p', (text, title) => {
    expect(computeChatTitle(text)).toBe(title)
  })

  test('exactly 40 characters is kept whole', () => {
    const forty = 'abcdefghij abcdefghij abcdefghij abcdefg more words'
    expect(computeChatTitle(forty)).toBe('Abcdefghij abcdefghij abcdefghij abcdefg')
  })
})

describe('auto-title rule order', () => {
  test('a question about code is titled as a question (rule 4 before rule 6)', () => {
    expect(computeChatTitle('how do I fix this python error in my code')).toBe('How do I fix this python?')
  })

  test('a request about a document is titled as a request (rule 5 before rule 7)', () => {
    expect(computeChatTitle('review the attached report and list the risks')).toBe(
      'Review the attached report and',
    )
  })

  test('code words win over document words (rule 6 before rule 7)', () => {
    expect(computeChatTitle('read this function and tell me what it does')).toBe('Code Discussion')
  })
})

describe('the words the rules add, in the sender’s language (decision 150)', () => {
  test.each([
    ['', 2, 'fr', 'Fichiers téléversés'],
    ['summary please', 1, 'fr', 'summary please (Fichiers)'],
    ['my python function returns None every time', 0, 'de', 'Python-Code'],
    ['the test keeps failing on the build server', 0, 'es', 'Conversación sobre código'],
    ['I have a pdf with quarterly numbers inside', 0, 'it', 'Analisi di documenti'],
    ['I want to design a logo for my bakery', 0, 'pt', 'Criar: Want to design'],
    ['I want to design a logo for my bakery', 0, 'fr', 'Créer\u00a0: Want to design'],
  ])('%p with %p files in %p → %p', (text, files, language, title) => {
    expect(computeChatTitle(text, files, language)).toBe(title)
  })

  test('English, and a language Parley does not have, keep the spec’s words; “New Chat” is never translated here', () => {
    expect(computeChatTitle('', 1, 'en')).toBe('File Upload')
    expect(computeChatTitle('', 1, 'xx')).toBe('File Upload')
    expect(computeChatTitle('', 0, 'fr')).toBe('New Chat')
  })
})
