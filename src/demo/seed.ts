import { encodeBase64url } from '@oslojs/encoding'
import { hashPassword } from '../auth/passwords'
import { costMicros, dollarsToMicros } from '../budget/money'
import type { AppContext } from '../context'
import { SAMPLE_CHATS } from './sample-chats'
import { FILLER_TURN, pickModel, SAMPLE_PRICES, SAMPLE_USERS, seededRandom } from './sample-users'
import { type DemoSeedData, demoSeedData } from './seed-data'

/** What the sign-in card shows in demo mode: the seeded administrator's credentials. */
export interface DemoCredentials {
  email: string
  password: string
}

/**
 * Fixed, because the sign-in card shows them to whoever opens the page anyway: a generated
 * password would protect nothing, and fixed ones can be written in the README (decision 115).
 */
export const DEMO_CREDENTIALS: DemoCredentials = { email: 'demo@parley.local', password: 'parley-demo' }

/** The spec's demo figures (section 9, 'Demo mode'). */
export const DEMO_FIGURES = { chats: 3, messages: 42, joinedDaysAgo: 10, profileDaysAgo: 7 } as const

/** A refusal to start or seed the demo, with the sentence to print. */
export class DemoRefusal extends Error {
  override name = 'DemoRefusal'
}

const DAY_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000
/** Roughly four characters a token, as the app estimates when a provider reports none. */
const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4))

type SeedContext = Pick<AppContext, 'db' | 'config' | 'now'>

/**
 * Fills an empty database with the demo workspace: the demo administrator (joined 10 days ago,
 * profile completed 7 days ago) with three conversations of 42 messages and their usage, a team
 * of eight with 90 days of usage across four models, one budget override and a few audit entries.
 * Refuses a database that has any account. Deterministic except for ids and the current time.
 */
export async function seedDemo(ctx: SeedContext): Promise<DemoCredentials> {
  const now = ctx.now().getTime()
  const ago = (days: number, extraMs = 0) => new Date(now - days * DAY_MS + extraMs)
  const adminHash = await hashPassword(DEMO_CREDENTIALS.password, ctx.config.passwordHash)
  // The team's accounts cannot be signed into: nobody knows this password.
  const lockedHash = await hashPassword(
    encodeBase64url(crypto.getRandomValues(new Uint8Array(32))),
    ctx.config.passwordHash,
  )

  await ctx.db.transaction(async (tx) => {
    const data = demoSeedData(tx)
    if (await data.hasUsers()) {
      throw new DemoRefusal(
        'This database already has accounts: the demo only seeds an empty, throwaway database.',
      )
    }
    const joined = ago(DEMO_FIGURES.joinedDaysAgo)
    const demoAdminId = await data.insertUser({
      email: DEMO_CREDENTIALS.email,
      passwordHash: adminHash,
      emailConfirmedAt: joined,
      fullName: 'Demo Admin',
      bio: 'Trying out Parley with a sample workspace.',
      role: 'admin',
      createdAt: joined,
      // Parley keeps the account and its profile in one row: the profile's completion is its last change.
      updatedAt: ago(DEMO_FIGURES.profileDaysAgo),
    })
    await seedDemoChats(data, demoAdminId, ago)
    const team = await seedTeam(data, lockedHash, ago, now)
    await seedAudit(data, { id: demoAdminId, email: DEMO_CREDENTIALS.email }, team, ago)
  })
  return DEMO_CREDENTIALS
}

async function seedDemoChats(
  data: DemoSeedData,
  userId: string,
  ago: (days: number, extraMs?: number) => Date,
) {
  for (const [index, chat] of SAMPLE_CHATS.entries()) {
    // Each conversation began in the afternoon of its day, a couple of minutes between messages.
    const start = ago(chat.daysAgo, -(3 + index) * 60 * MINUTE_MS).getTime()
    const at = (position: number) => new Date(start + position * 2 * MINUTE_MS)
    const count = chat.turns.length * 2
    const chatId = await data.insertChat({
      userId,
      title: chat.title,
      createdAt: at(0),
      updatedAt: at(count - 1),
    })
    const rows = chat.turns.flatMap(([question, answer], turn) => [
      { chatId, userId, content: question, isUser: true, createdAt: at(turn * 2) },
      { chatId, userId, content: answer, isUser: false, modelId: chat.modelId, createdAt: at(turn * 2 + 1) },
    ])
    const ids = await data.insertMessages(rows)
    // Each answer's prompt was the conversation so far (plus a short system prompt).
    let context = 60
    const usage = rows.flatMap((row, position) => {
      context += tokensOf(row.content)
      if (row.isUser) return []
      const tokens = {
        promptTokens: context - tokensOf(row.content),
        completionTokens: tokensOf(row.content),
      }
      return [
        {
          userId,
          chatId,
          messageId: ids[position]!,
          modelId: chat.modelId,
          ...tokens,
          costMicros: costMicros(tokens, SAMPLE_PRICES[chat.modelId]!),
          createdAt: row.createdAt,
        },
      ]
    })
    await data.insertUsage(usage)
  }
}

/** The team: accounts, a chat or two each, and their usage since they joined. Their ids by e-mail. */
async function seedTeam(
  data: DemoSeedData,
  passwordHash: string,
  ago: (days: number, extraMs?: number) => Date,
  now: number,
): Promise<Map<string, string>> {
  const random = seededRandom(20_260_124)
  const ids = new Map<string, string>()
  for (const person of SAMPLE_USERS) {
    const joined = ago(person.joinedDaysAgo)
    const lastActive = person.isBanned ? ago(12) : ago(random() * 2)
    const userId = await data.insertUser({
      email: person.email,
      passwordHash,
      emailConfirmedAt: joined,
      fullName: person.fullName,
      role: person.role,
      isBanned: person.isBanned ?? false,
      createdAt: joined,
      updatedAt: joined,
      lastActiveAt: lastActive,
    })
    ids.set(person.email, userId)
    for (const [index, title] of person.chats.entries()) {
      const started = ago(Math.max(1, person.joinedDaysAgo - 3 - index * 9)).getTime()
      const chatId = await data.insertChat({
        userId,
        title,
        createdAt: new Date(started),
        updatedAt: new Date(started + MINUTE_MS),
      })
      await data.insertMessages([
        { chatId, userId, content: FILLER_TURN[0], isUser: true, createdAt: new Date(started) },
        {
          chatId,
          userId,
          content: FILLER_TURN[1],
          isUser: false,
          modelId: Object.keys(person.models)[0],
          createdAt: new Date(started + MINUTE_MS),
        },
      ])
    }
    const usage: Parameters<DemoSeedData['insertUsage']>[0] = []
    const until = lastActive.getTime()
    for (let day = person.joinedDaysAgo; day >= 0; day -= 1) {
      const weekday = new Date(now - day * DAY_MS).getUTCDay()
      const busy = weekday === 0 || weekday === 6 ? 0.15 : 0.5 + random()
      const calls = Math.round(person.callsPerDay * busy)
      for (let call = 0; call < calls; call += 1) {
        // Working hours, roughly: between 1 and 10 hours before this time of day.
        const at = now - day * DAY_MS - (1 + random() * 9) * 60 * MINUTE_MS
        if (at > until) continue
        const modelId = pickModel(person.models, random)
        const tokens = {
          promptTokens: Math.round(600 + random() * 5400),
          completionTokens: Math.round(150 + random() * 1200),
        }
        usage.push({
          userId,
          modelId,
          ...tokens,
          costMicros: costMicros(tokens, SAMPLE_PRICES[modelId]!),
          createdAt: new Date(at),
        })
      }
    }
    await data.insertUsage(usage)
    if (person.dailyLimit !== undefined) {
      await data.insertOverride({
        userId,
        dailyLimitMicros: dollarsToMicros(person.dailyLimit),
        updatedAt: ago(2),
      })
    }
  }
  return ids
}

/** A few entries of what administrators did, as the audit trail would show them. */
async function seedAudit(
  data: DemoSeedData,
  demoAdmin: { id: string; email: string },
  team: Map<string, string>,
  ago: (days: number, extraMs?: number) => Date,
) {
  const maria = SAMPLE_USERS.find((person) => person.role === 'admin')!
  const limited = SAMPLE_USERS.find((person) => person.dailyLimit !== undefined)!
  const banned = SAMPLE_USERS.find((person) => person.isBanned)!
  const joinedLately = SAMPLE_USERS.find((person) => person.email.startsWith('chiara'))!
  await data.insertAudit([
    {
      createdAt: ago(joinedLately.joinedDaysAgo, -MINUTE_MS),
      actorId: team.get(maria.email)!,
      actorEmail: maria.email,
      action: 'user.create',
      targetType: 'user',
      targetId: team.get(joinedLately.email)!,
      details: { email: joinedLately.email, role: 'user', preferredLanguage: 'it' },
    },
    {
      createdAt: ago(DEMO_FIGURES.joinedDaysAgo, -MINUTE_MS),
      actorId: team.get(maria.email)!,
      actorEmail: maria.email,
      action: 'user.create',
      targetType: 'user',
      targetId: demoAdmin.id,
      details: { email: demoAdmin.email, role: 'admin', preferredLanguage: 'en' },
    },
    {
      createdAt: ago(3),
      actorId: demoAdmin.id,
      actorEmail: demoAdmin.email,
      action: 'user.ban',
      targetType: 'user',
      targetId: team.get(banned.email)!,
      details: { email: banned.email, sessionsEnded: 1 },
    },
    {
      createdAt: ago(2),
      actorId: demoAdmin.id,
      actorEmail: demoAdmin.email,
      action: 'budget.user_update',
      targetType: 'user',
      targetId: team.get(limited.email)!,
      details: { changes: { dailyLimit: { from: null, to: limited.dailyLimit } } },
    },
  ])
}
