import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { ResearchStatus } from '../../db/catalogues/research'
import type { Db } from '../../db/client'
import { type ResearchRun, researchRuns, type User, users } from '../../db/schema'
import type { Actor } from '../auth/actor'

export type NewResearchRun = Omit<typeof researchRuns.$inferInsert, 'userId'>
export type ResearchUpdate = Partial<
  Pick<
    ResearchRun,
    | 'status'
    | 'step'
    | 'round'
    | 'state'
    | 'notes'
    | 'tokens'
    | 'costMicros'
    | 'error'
    | 'elapsedMs'
    | 'savedAt'
    | 'leaseId'
    | 'leaseUntil'
    | 'startedAt'
    | 'finishedAt'
  >
>

const ACTIVE: ResearchStatus[] = ['queued', 'running']

/**
 * The actor's research runs: every query is limited to rows the actor owns, so another user's run
 * id reads as nothing. The job acts for the run's owner (it builds the actor from the run).
 */
export function researchFor(db: Db, actor: Actor) {
  const owned = eq(researchRuns.userId, actor.userId)
  return {
    async find(id: string): Promise<ResearchRun | undefined> {
      const [row] = await db
        .select()
        .from(researchRuns)
        .where(and(eq(researchRuns.id, id), owned))
      return row
    },

    /** The runs of these messages (the client loads a run for a message). */
    async ofMessages(messageIds: string[]): Promise<ResearchRun[]> {
      if (!messageIds.length) return []
      return db
        .select()
        .from(researchRuns)
        .where(and(inArray(researchRuns.messageId, messageIds), owned))
    },

    async insert(row: NewResearchRun): Promise<ResearchRun> {
      const [inserted] = await db
        .insert(researchRuns)
        .values({ ...row, userId: actor.userId })
        .returning()
      return inserted!
    },

    /**
     * Writes the run's progress while it is active and this worker still holds it: a run cancelled
     * (or retried, or taken over) meanwhile, on any instance, is never written over; undefined then.
     */
    async updateHeld(id: string, leaseId: string, update: ResearchUpdate): Promise<ResearchRun | undefined> {
      const [row] = await db
        .update(researchRuns)
        .set(update)
        .where(
          and(
            eq(researchRuns.id, id),
            owned,
            inArray(researchRuns.status, ACTIVE),
            eq(researchRuns.leaseId, leaseId),
          ),
        )
        .returning()
      return row
    },

    /** Moves the run from one of `from` to its next state (cancel, retry); undefined when it was not in one. */
    async transition(
      id: string,
      from: ResearchStatus[],
      update: ResearchUpdate,
    ): Promise<ResearchRun | undefined> {
      const [row] = await db
        .update(researchRuns)
        .set(update)
        .where(and(eq(researchRuns.id, id), owned, inArray(researchRuns.status, from)))
        .returning()
      return row
    },

    /**
     * Takes the run for this worker until `until`, when it is active and nobody else holds it (or
     * their hold ran out: that instance died). Exactly one worker wins.
     */
    async lease(id: string, leaseId: string, now: Date, until: Date): Promise<ResearchRun | undefined> {
      const [row] = await db
        .update(researchRuns)
        .set({ leaseId, leaseUntil: until, status: 'running' })
        .where(
          and(
            eq(researchRuns.id, id),
            owned,
            inArray(researchRuns.status, ACTIVE),
            or(isNull(researchRuns.leaseUntil), lt(researchRuns.leaseUntil, now)),
          ),
        )
        .returning()
      return row
    },
  }
}

/** The job's first read: who owns the run (the job carries only its id), and their language. */
export async function findRunOwner(
  db: Db,
  id: string,
): Promise<{ userId: string; language: User['preferredLanguage'] } | undefined> {
  const [row] = await db
    .select({ userId: researchRuns.userId, language: users.preferredLanguage })
    .from(researchRuns)
    .innerJoin(users, eq(users.id, researchRuns.userId))
    .where(eq(researchRuns.id, id))
  return row
}

/**
 * Cross-user on purpose (a start-up sweep, listed in decision 103): the active runs nobody holds,
 * to queue again. `heldBefore` undefined: every active run (the embedded database belongs to one
 * process, so no other instance can be running them).
 */
export async function orphanedRuns(db: Db, heldBefore?: Date): Promise<string[]> {
  const rows = await db
    .select({ id: researchRuns.id })
    .from(researchRuns)
    .where(
      and(
        inArray(researchRuns.status, ACTIVE),
        heldBefore ? or(isNull(researchRuns.leaseUntil), lt(researchRuns.leaseUntil, heldBefore)) : undefined,
      ),
    )
  return rows.map((row) => row.id)
}

/**
 * Cross-user on purpose (the embedded database's start-up sweep): no other process can hold these
 * runs, so their holds are dropped and they are queued again.
 */
export async function releaseAllRuns(db: Db): Promise<string[]> {
  const rows = await db
    .update(researchRuns)
    .set({ leaseId: null, leaseUntil: null })
    .where(inArray(researchRuns.status, ACTIVE))
    .returning({ id: researchRuns.id })
  return rows.map((row) => row.id)
}

/** A cheap read every second: does this worker still hold the run (not cancelled, retried or taken over)? */
export async function stillHeld(db: Db, actor: Actor, id: string, leaseId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: researchRuns.status, leaseId: researchRuns.leaseId })
    .from(researchRuns)
    .where(and(eq(researchRuns.id, id), eq(researchRuns.userId, actor.userId)))
  return row !== undefined && ACTIVE.includes(row.status) && row.leaseId === leaseId
}
