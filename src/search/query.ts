/**
 * A search box's text as pieces the database can match (docs/decisions/161). The text never reaches
 * `to_tsquery`: each piece goes to `phraseto_tsquery`, which reads it as plain words with the same
 * parser as the index, so `!`, `&`, `|`, `:*`, `<->` and stray quotes are just characters there.
 */

/** One piece: a word or several (a quoted phrase, "e-mail", "予算") that must follow each other. */
export interface QueryPiece {
  text: string
  /** The last piece while typing: its last word may be the start of a longer one ("budg" → "budgets"). */
  prefix: boolean
}

export interface ParsedQuery {
  pieces: QueryPiece[]
  /** The folded words, for highlighting the snippets; the last is a prefix when `prefix` is set. */
  words: string[]
  prefix: boolean
}

/** More pieces than this are ignored: a search box query has a handful of words, not a page. */
export const MAX_PIECES = 12
/** Longer than this, a piece is cut: a lexeme is at most 2047 bytes, and nothing real is longer. */
const MAX_PIECE_LENGTH = 200
/** A one-letter word matches as itself: as a prefix it would match nearly every message. */
const MIN_PREFIX_LENGTH = 2

const hasWord = /[\p{L}\p{N}]/u

export function parseQuery(raw: string): ParsedQuery {
  const pieces: QueryPiece[] = []
  // Quoted spans are phrases; an unclosed quote runs to the end (what someone is still typing).
  const spans = raw.split('"')
  spans.forEach((span, index) => {
    const quoted = index % 2 === 1
    const parts = quoted ? [span] : span.split(/\s+/)
    for (const part of parts) {
      if (!hasWord.test(part)) continue
      pieces.push({ text: part.trim().slice(0, MAX_PIECE_LENGTH), prefix: false })
    }
  })
  const kept = pieces.slice(0, MAX_PIECES)
  const last = kept.at(-1)
  // Still typing the last word: the text does not end in a space or a closed quote.
  const closedQuote = spans.length > 1 && spans.length % 2 === 1 && spans.at(-1) === ''
  const typing = last !== undefined && pieces.length <= MAX_PIECES && !/\s$/.test(raw) && !closedQuote
  const words = kept.flatMap((piece) => wordsOf(piece.text))
  const lastWord = words.at(-1)
  const prefix = typing && lastWord !== undefined && (lastWord.length >= MIN_PREFIX_LENGTH || isCjk(lastWord))
  if (last && prefix) last.prefix = true
  return { pieces: kept, words, prefix }
}

/** Below this length, a phrase's last word being typed is left out of what the index is asked. */
const SHORT_PREFIX = 4

/**
 * What the index is asked for (docs/decisions/192): the pieces as they are, but for a phrase whose
 * last word is still being typed and is short ("customer co"), which loses that word: such a prefix
 * starts hundreds of the person's words, and the index's union of them all costs more than checking
 * the whole phrase on each row that holds the words before it. `null`: the pieces as they are.
 */
export function indexPieces(pieces: QueryPiece[]): QueryPiece[] | null {
  const last = pieces.at(-1)
  if (!last?.prefix) return null
  const words = last.text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  const tail = words.at(-1)
  if (words.length < 2 || !tail || tail.length >= SHORT_PREFIX || isCjk(tail)) return null
  const before = last.text.slice(0, last.text.lastIndexOf(tail))
  return [...pieces.slice(0, -1), { text: before, prefix: false }]
}

/** Chinese and Japanese characters: indexed one by one (no spaces between their words). */
export const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]/u
const CJK_ALL = /([\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f])/gu
const isCjk = (word: string) => CJK.test(word)

/** The folded words of a text as the index sees them (near enough for highlighting). */
export function wordsOf(text: string): string[] {
  return fold(text.replace(CJK_ALL, ' $1 '))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** Letters the Unicode decomposition does not take apart, folded as unaccent folds them. */
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

/** Lower case without accents: "Résumé" → "resume", "Größe" → "grosse" (unaccent's folding, near enough). */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøđðłþı]/g, (letter) => SPECIAL[letter] ?? letter)
}
