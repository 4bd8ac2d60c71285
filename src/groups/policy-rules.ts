import type { Group } from '../../db/schema'
import type { Micros } from '../budget/money'

/**
 * What a person's groups allow them (issue 29), folded from every group they are in:
 * - models/agents: null = everything. A person in no group, or in one group whose list is null,
 *   may use everything (a group with no list narrows nothing, and groups only ever add); else the
 *   union of their groups' lists.
 * - limits: the most generous of their groups' (0 = no limit beats any amount; else the largest);
 *   a group whose limit is null takes no part; null when none of their groups sets one.
 */
export interface GroupPolicy {
  groupIds: string[]
  models: ReadonlySet<string> | null
  agents: ReadonlySet<string> | null
  dailyLimitMicros: Micros | null
  monthlyLimitMicros: Micros | null
}

/** The columns a policy is folded from. */
export type PolicyRow = Pick<Group, 'id' | 'models' | 'agents' | 'dailyLimitMicros' | 'monthlyLimitMicros'>

export const NO_GROUPS: GroupPolicy = {
  groupIds: [],
  models: null,
  agents: null,
  dailyLimitMicros: null,
  monthlyLimitMicros: null,
}

/** The most generous of some limits: 0 (none) wins, else the largest; null when none is set. */
export function mostGenerous(limits: readonly (Micros | null)[]): Micros | null {
  const set = limits.filter((limit): limit is Micros => limit != null)
  if (set.length === 0) return null
  return set.includes(0) ? 0 : Math.max(...set)
}

function unionOrAll(lists: readonly (readonly string[] | null)[]): ReadonlySet<string> | null {
  if (lists.length === 0 || lists.some((list) => list === null)) return null
  return new Set(lists.flatMap((list) => list ?? []))
}

export function foldPolicy(rows: readonly PolicyRow[]): GroupPolicy {
  if (rows.length === 0) return NO_GROUPS
  return {
    groupIds: rows.map((row) => row.id),
    models: unionOrAll(rows.map((row) => row.models)),
    agents: unionOrAll(rows.map((row) => row.agents)),
    dailyLimitMicros: mostGenerous(rows.map((row) => row.dailyLimitMicros)),
    monthlyLimitMicros: mostGenerous(rows.map((row) => row.monthlyLimitMicros)),
  }
}
