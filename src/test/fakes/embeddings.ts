/**
 * The fake provider's embeddings: deterministic vectors made from the text, so that texts sharing
 * words (or words of one "meaning" group below) are near and unrelated texts are far. A hashed bag
 * of words: each word (lower-cased, crudely stemmed, mapped to its group) adds ±1 at a hashed
 * position; the sum is normalised to length 1. Test data only: never a real embedding.
 */

/**
 * Words a real embedding model places together although they share no letters: the fake's stand-in
 * for meaning, which lets tests tell vector search (finds "automobile" for "car") from keywords.
 */
const MEANINGS: string[][] = [
  ['car', 'automobile', 'vehicle', 'sedan'],
  ['holiday', 'vacation', 'leave', 'pto'],
  ['salary', 'pay', 'wage', 'compensation', 'payroll'],
  ['laptop', 'computer', 'notebook', 'workstation'],
  ['password', 'credential', 'passphrase'],
  ['doctor', 'physician', 'clinic', 'medical'],
  ['refund', 'reimbursement', 'repayment'],
  ['meeting', 'standup', 'sync', 'huddle'],
  ['bug', 'defect', 'fault', 'glitch'],
  ['deploy', 'release', 'ship', 'rollout'],
  ['office', 'workplace', 'building', 'premises'],
  ['coffee', 'espresso', 'latte'],
]
const GROUP = new Map<string, string>()
for (const group of MEANINGS) for (const word of group) GROUP.set(word, group[0]!)

const STOPWORDS = new Set(
  'a an and are as at be by do does for from how i in is it its my of on or our the to we what when where which who why with you your can get'.split(
    ' ',
  ),
)

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3)
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

function hash(text: string, seed: number): number {
  let h = 2166136261 ^ seed
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}

export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  for (const raw of words) {
    if (STOPWORDS.has(raw)) continue
    const word = GROUP.get(raw) ?? GROUP.get(stem(raw)) ?? stem(raw)
    // Codes and numbers carry next to no meaning for an embedding model (exact words find them).
    const weight = /\d/.test(word) ? 0.05 : 1
    // Two positions per word, so that collisions in small vectors matter less.
    for (const seed of [1, 2]) {
      const at = hash(word, seed) % dimensions
      vector[at]! += hash(word, seed + 10) % 2 === 0 ? weight : -weight
    }
  }
  // A constant component: every text has some similarity to every other, as with real models.
  vector[0]! += 0.5
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1
  return vector.map((value) => value / norm)
}
