import { DiscoveryCache, PROVIDER_TIMEOUT_MS } from './discovery'

/** Per app: the discovered providers, and the timeout of each call to a provider (tests shorten it). */
export interface IdentityRuntime {
  timeoutMs: number
  discovery: DiscoveryCache
}

const runtimes = new WeakMap<object, IdentityRuntime>()

/** The app's runtime, made on first use; keyed by the AppContext (one per app, so tests do not share). */
export function identityRuntime(ctx: object): IdentityRuntime {
  let runtime = runtimes.get(ctx)
  if (!runtime) {
    const made: IdentityRuntime = {
      timeoutMs: PROVIDER_TIMEOUT_MS,
      discovery: new DiscoveryCache(() => made.timeoutMs),
    }
    runtime = made
    runtimes.set(ctx, runtime)
  }
  return runtime
}
