import { and, eq, gt, lt } from 'drizzle-orm'
import type { AgentId } from '../../db/catalogues/agents'
import type { Db } from '../../db/client'
import {
  type CalendarOauthState,
  calendarOauthStates,
  type UserAgentSetting,
  userAgentSettings,
} from '../../db/schema'
import type { Actor } from '../auth/actor'

/** The columns a settings write may set (never the user or the agent). */
export type AgentSettingValues = Partial<Omit<typeof userAgentSettings.$inferInsert, 'userId' | 'agentId'>>

/** The actor's own agent settings: there is no way to name another user's. */
export function agentSettingsFor(db: Db, actor: Actor) {
  const own = eq(userAgentSettings.userId, actor.userId)
  return {
    async list(): Promise<UserAgentSetting[]> {
      return db.select().from(userAgentSettings).where(own)
    },
    async get(agentId: AgentId): Promise<UserAgentSetting | undefined> {
      const [row] = await db
        .select()
        .from(userAgentSettings)
        .where(and(own, eq(userAgentSettings.agentId, agentId)))
      return row
    },
    /** Creates the row on first write; returns it as stored. */
    async save(agentId: AgentId, values: AgentSettingValues, now: Date): Promise<UserAgentSetting> {
      const [row] = await db
        .insert(userAgentSettings)
        .values({ ...values, userId: actor.userId, agentId, updatedAt: now })
        .onConflictDoUpdate({
          target: [userAgentSettings.userId, userAgentSettings.agentId],
          set: { ...values, updatedAt: now },
        })
        .returning()
      return row!
    },
  }
}

/** The actor's calendar authorisations in progress, bound to the session that started them. */
export function calendarStatesFor(db: Db, actor: Actor) {
  return {
    async insert(values: Pick<CalendarOauthState, 'stateHash' | 'verifierSealed' | 'expiresAt'>) {
      // Expired ones of this user go at the same time: they can never be used.
      await db
        .delete(calendarOauthStates)
        .where(
          and(eq(calendarOauthStates.userId, actor.userId), lt(calendarOauthStates.expiresAt, new Date())),
        )
      await db
        .insert(calendarOauthStates)
        .values({ ...values, userId: actor.userId, sessionId: actor.sessionId })
    },
    /** Removes and returns the state if it is this session's and not expired; used once. */
    async take(stateHash: string, now: Date): Promise<CalendarOauthState | undefined> {
      const [row] = await db
        .delete(calendarOauthStates)
        .where(
          and(
            eq(calendarOauthStates.stateHash, stateHash),
            eq(calendarOauthStates.userId, actor.userId),
            eq(calendarOauthStates.sessionId, actor.sessionId),
            gt(calendarOauthStates.expiresAt, now),
          ),
        )
        .returning()
      return row
    },
  }
}
