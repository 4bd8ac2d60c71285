import type { AgentId } from '../db/catalogues/agents'
import type { OrgSettings, UserAgentSetting } from '../db/schema'
import { RunningBackup } from './admin/backups/running'
import type { OrgAgent } from './agents/org-agent'
import { USER_AGENTS_MAX_USERS, USER_AGENTS_TTL_MS } from './agents/user-agents'
import { ORG_AGENTS_TTL_MS } from './agents/workflows'
import { createAiProviders } from './ai/providers'
import { createRateLimiter } from './auth/rate-limiter'
import { SessionCache } from './auth/session-cache'
import { ORG_SETTINGS_TTL_MS } from './budget/service'
import type { AppContext, Realtime } from './context'
import { largeBodyGate } from './http/limits'
import { DeltaFrames } from './messages/delta-frames'
import { LiveReplies } from './messages/live-replies'
import { PartialSaves } from './messages/partial-saves'
import type { UsableModels } from './models/effective'
import { ModelSync } from './models/model-sync'
import { MODELS_TTL_MS } from './models/service'
import { Peers } from './realtime/peers'
import { RunningResearch } from './research/running'
import { CachedByKey, CachedValue } from './ttl-cache'

/** The members of AppContext that hold this instance's state, beside its connections and settings. */
export type Services = Omit<
  AppContext,
  'config' | 'database' | 'db' | 'log' | 'realtime' | 'storage' | 'mailer' | 'jobs' | 'now'
>

/**
 * Builds them, once per app, where the context is built (src/server.ts, src/test/harness.ts).
 * `now` and `realtime` are read at each use: a test moves its context's clock after start-up, and
 * the realtime is made after the services (and swapped by the test harness).
 */
export function createServices(
  ctx: Pick<AppContext, 'config' | 'log' | 'now' | 'database'> & { realtime: () => Realtime },
): Services {
  const partialSaves = new PartialSaves(ctx)
  return {
    liveReplies: new LiveReplies(),
    partialSaves,
    deltaFrames: new DeltaFrames({
      log: ctx.log,
      saves: partialSaves,
      deliver: (chatId, delta) => ctx.realtime().toChat(chatId, 'message:delta', delta),
    }),
    runningResearch: new RunningResearch(),
    backups: new RunningBackup(),
    providers: createAiProviders(ctx.config, ctx.log),
    orgAgents: new CachedValue<Map<AgentId, OrgAgent>>(ORG_AGENTS_TTL_MS),
    userAgents: new CachedByKey<Map<AgentId, UserAgentSetting>>(USER_AGENTS_TTL_MS, USER_AGENTS_MAX_USERS),
    routeAccess: new Map(),
    rateLimiter: createRateLimiter(ctx.config.rateLimits.windowMs, () => ctx.now().getTime()),
    sessionCache: new SessionCache(),
    largeBodies: largeBodyGate(ctx.config.uploads),
    peers: new Peers(),
    brandingStreams: { total: 0, byIp: new Map() },
    usableModels: new CachedValue<UsableModels>(MODELS_TTL_MS),
    modelSync: new ModelSync(),
    vectorCheck: new CachedValue<boolean>(Number.POSITIVE_INFINITY),
    stopListening: new CachedValue<void>(Number.POSITIVE_INFINITY),
    orgSettings: new CachedValue<OrgSettings | null>(ORG_SETTINGS_TTL_MS),
  }
}
