import type { Db } from '../../db/client'
import { AppError } from '../http/errors'
import { CachedByKey } from '../ttl-cache'
import { readGroupPolicy } from './policy-data'
import type { GroupPolicy } from './policy-rules'

export { readGroupPolicies, readGroupPolicy } from './policy-data'
export { foldPolicy, type GroupPolicy, mostGenerous, NO_GROUPS, type PolicyRow } from './policy-rules'

/**
 * How long an instance trusts its copy of a person's policy. The instance that changes a group or a
 * membership forgets its copies at once (`forgetGroupPolicies`); the others, which share only the
 * database, see the change within this time. Budget decisions never use the copy: they read the
 * groups inside the per-user lock, like the organisation's settings (src/budget/service.ts).
 */
export const GROUP_POLICY_TTL_MS = 5_000
const GROUP_POLICY_MAX_USERS = 5000

/**
 * One cache per database handle: the app's `ctx.db` lives as long as the app, and every context
 * built from it (`{ ...ctx, ... }`) shares it, so the app's routes, its sends and its admin's writes
 * all meet the same copies without a field on AppContext. A transaction's handle gets its own,
 * short-lived one (decisions inside one read fresh anyway).
 */
const caches = new WeakMap<Db, CachedByKey<GroupPolicy>>()

function cacheOf(db: Db): CachedByKey<GroupPolicy> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new CachedByKey<GroupPolicy>(GROUP_POLICY_TTL_MS, GROUP_POLICY_MAX_USERS)
    caches.set(db, cache)
  }
  return cache
}

/** A person's policy through this instance's short-lived copy: sends and lists pay no query in the steady state. */
export function groupPolicy(ctx: { db: Db }, userId: string): Promise<GroupPolicy> {
  return cacheOf(ctx.db).get(userId, () => readGroupPolicy(ctx.db, userId))
}

/** After a change: one person's copy (a membership), or everyone's (a group's lists, limits or deletion). */
export function forgetGroupPolicies(ctx: { db: Db }, userId?: string): void {
  if (userId) cacheOf(ctx.db).forget(userId)
  else caches.delete(ctx.db)
}

export const MODEL_NOT_ALLOWED = 'Your groups do not allow this model'
export const AGENT_NOT_ALLOWED = 'Your groups do not allow this agent'

export const allowsModel = (policy: GroupPolicy, modelId: string) =>
  policy.models === null || policy.models.has(modelId)

export const allowsAgent = (policy: GroupPolicy, agentId: string) =>
  policy.agents === null || policy.agents.has(agentId)

export function requireAgentAllowed(policy: GroupPolicy, agentId: string): void {
  if (!allowsAgent(policy, agentId)) throw new AppError('forbidden:agent_not_allowed', AGENT_NOT_ALLOWED)
}
