/**
 * What this process last saw of each outside AI service: the time of the last call that worked and
 * of the last that failed, with its message. In memory and per instance (docs/decisions/112): it
 * answers "is it working, and what went wrong last", not a history. Messages are cut short and
 * scrubbed of the configured secrets before they are kept, so the admin screen can show them.
 */

export const PROVIDER_KINDS = ['openai', 'workflow', 'search', 'embeddings'] as const
export type ProviderKind = (typeof PROVIDER_KINDS)[number]

export interface ProviderHealth {
  lastSuccessAt: Date | null
  lastErrorAt: Date | null
  lastError: string | null
}

export interface ProviderStatusRecorder {
  success(kind: ProviderKind): void
  failure(kind: ProviderKind, error: unknown): void
  get(kind: ProviderKind): ProviderHealth
}

const MAX_MESSAGE = 300

/** A recorder that removes each of `secrets` (API keys, webhook URLs) from the messages it keeps. */
export function createProviderStatus(secrets: (string | undefined)[], now = () => new Date()) {
  const health = new Map<ProviderKind, ProviderHealth>()
  const hidden = secrets.filter((secret): secret is string => Boolean(secret && secret.length >= 4))
  const entry = (kind: ProviderKind) => {
    let found = health.get(kind)
    if (!found) {
      found = { lastSuccessAt: null, lastErrorAt: null, lastError: null }
      health.set(kind, found)
    }
    return found
  }
  const recorder: ProviderStatusRecorder = {
    success(kind) {
      entry(kind).lastSuccessAt = now()
    },
    failure(kind, error) {
      const found = entry(kind)
      found.lastErrorAt = now()
      found.lastError = scrub(messageOf(error), hidden)
    },
    get(kind) {
      return { ...entry(kind) }
    },
  }
  return recorder
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return typeof error === 'string' ? error : 'Unknown error'
}

function scrub(message: string, secrets: string[]): string {
  let text = message
  for (const secret of secrets) text = text.split(secret).join('[hidden]')
  // Bearer tokens and sk-… keys a provider may echo back, whatever they are.
  text = text
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9_*-]{6,}/g, '[hidden]')
    .replace(/Bearer\s+\S+/gi, 'Bearer [hidden]')
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text
}
