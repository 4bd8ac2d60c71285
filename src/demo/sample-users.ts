import type { PricePerMillion } from '../budget/money'

/**
 * The demo's team: people with usage over the last 90 days across a few models, so the admin
 * users list and usage charts have something to show. Plain data, no database here.
 */

/** List prices of the sample models, micro-dollars per million tokens (plausible, not quotes). */
export const SAMPLE_PRICES: Record<string, PricePerMillion> = {
  'gpt-4o-mini': { inputMicrosPerMillion: 150_000, outputMicrosPerMillion: 600_000 },
  'gpt-4o': { inputMicrosPerMillion: 2_500_000, outputMicrosPerMillion: 10_000_000 },
  'claude-3-5-sonnet': { inputMicrosPerMillion: 3_000_000, outputMicrosPerMillion: 15_000_000 },
  'llama-3.1-70b': { inputMicrosPerMillion: 590_000, outputMicrosPerMillion: 790_000 },
}
export type SampleModel = keyof typeof SAMPLE_PRICES

export interface SampleUser {
  fullName: string
  email: string
  role: 'admin' | 'user'
  isBanned?: boolean
  /** Joined this many days ago; usage starts then. */
  joinedDaysAgo: number
  /** Calls on a working day, on average. */
  callsPerDay: number
  /** Share of calls per model (weights). */
  models: Partial<Record<SampleModel, number>>
  chats: string[]
  /** A daily limit of their own, dollars (shows an override in the user's budget). */
  dailyLimit?: number
}

export const SAMPLE_USERS: SampleUser[] = [
  {
    fullName: 'María García',
    email: 'maria.garcia@example.com',
    role: 'admin',
    joinedDaysAgo: 90,
    callsPerDay: 9,
    models: { 'gpt-4o': 3, 'gpt-4o-mini': 2 },
    chats: ['Quarterly board update', 'Hiring plan for Q3'],
  },
  {
    fullName: 'Tom Becker',
    email: 'tom.becker@example.com',
    role: 'user',
    joinedDaysAgo: 88,
    callsPerDay: 14,
    models: { 'claude-3-5-sonnet': 3, 'gpt-4o-mini': 1 },
    chats: ['Refactor the billing service', 'Flaky integration tests'],
    dailyLimit: 1,
  },
  {
    fullName: 'Aiko Tanaka',
    email: 'aiko.tanaka@example.com',
    role: 'user',
    joinedDaysAgo: 75,
    callsPerDay: 6,
    models: { 'gpt-4o-mini': 4, 'llama-3.1-70b': 1 },
    chats: ['Customer survey themes'],
  },
  {
    fullName: 'Lucas Moreau',
    email: 'lucas.moreau@example.com',
    role: 'user',
    joinedDaysAgo: 62,
    callsPerDay: 4,
    models: { 'gpt-4o-mini': 1 },
    chats: ['Blog post outline', 'Newsletter subject lines'],
  },
  {
    fullName: 'Priya Nair',
    email: 'priya.nair@example.com',
    role: 'user',
    joinedDaysAgo: 54,
    callsPerDay: 11,
    models: { 'gpt-4o': 2, 'claude-3-5-sonnet': 1, 'llama-3.1-70b': 1 },
    chats: ['Contract clause review'],
  },
  {
    fullName: 'Jonas Lindqvist',
    email: 'jonas.lindqvist@example.com',
    role: 'user',
    joinedDaysAgo: 41,
    callsPerDay: 3,
    models: { 'llama-3.1-70b': 2, 'gpt-4o-mini': 1 },
    chats: ['Kubernetes upgrade checklist'],
  },
  {
    fullName: 'Chiara Rossi',
    email: 'chiara.rossi@example.com',
    role: 'user',
    joinedDaysAgo: 27,
    callsPerDay: 7,
    models: { 'gpt-4o-mini': 2, 'gpt-4o': 1 },
    chats: ['Translate the product FAQ', 'Support macro wording'],
  },
  {
    fullName: 'Sam Okafor',
    email: 'sam.okafor@example.com',
    role: 'user',
    isBanned: true,
    joinedDaysAgo: 33,
    callsPerDay: 2,
    models: { 'gpt-4o': 1 },
    chats: ['Pricing page copy'],
  },
]

/** A short question and answer for the sample users' chats (their content is not the point). */
export const FILLER_TURN: [string, string] = [
  'Can you give me a first draft to start from?',
  'Here is a first draft. Tell me what to shorten, expand or change in tone, and I will revise it.',
]

/** A small deterministic random source (mulberry32), so every demo shows the same figures. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** One model by weight. */
export function pickModel(weights: Partial<Record<SampleModel, number>>, random: () => number): SampleModel {
  const entries = Object.entries(weights) as [SampleModel, number][]
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random() * total
  for (const [model, weight] of entries) {
    roll -= weight
    if (roll < 0) return model
  }
  return entries.at(-1)![0]
}
