import { type ComponentProps, type ComponentType, useEffect, useReducer } from 'react'

interface Loading {
  settled: Promise<void>
  module?: unknown
  error?: unknown
}

const imports = new Map<() => Promise<unknown>, Loading>()

function start(load: () => Promise<unknown>): Loading {
  const known = imports.get(load)
  if (known) return known
  const loading: Loading = {
    settled: load().then(
      (module) => {
        loading.module = module
      },
      (error: unknown) => {
        loading.error = error ?? new Error('import failed')
      },
    ),
  }
  imports.set(load, loading)
  return loading
}

/**
 * The module `load` imports once it has arrived (undefined until then), for a screen whose code
 * is a chunk of its own. Not `React.lazy` under Suspense: React 19 holds a
 * boundary's content back until 300 ms after its fallback appeared, so the app's first screen
 * waited for that timer on every load, its code cached or not. A state update has no such wait.
 * `load` must be stable (defined at module scope); a failed import is thrown while rendering, as
 * `React.lazy` does.
 */
function useModule<M>(load: () => Promise<M>): M | undefined {
  const [, arrived] = useReducer((count: number) => count + 1, 0)
  const loading = imports.get(load)
  useEffect(() => {
    let mounted = true
    start(load).settled.then(() => {
      if (mounted) arrived()
    })
    return () => {
      mounted = false
    }
  }, [load])
  if (loading?.error) throw loading.error
  return loading?.module as M | undefined
}

/**
 * `React.lazy` without Suspense: the component `load` imports, rendered once its code has arrived
 * (`Fallback` until then, nothing by default). A dialog or panel opened by a click shows as soon
 * as its chunk is in, not 300 ms after (see useModule). `preload()` fetches the code ahead, so that
 * the first render has it.
 */
// biome-ignore lint/suspicious/noExplicitAny: any component, as in React.lazy's own type
export function lazyComponent<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
  Fallback: ComponentType | null = null,
): ComponentType<ComponentProps<C>> & { preload(): Promise<void> } {
  function Lazy(props: ComponentProps<C>) {
    const module = useModule(load)
    if (!module) return Fallback ? <Fallback /> : null
    const Component = module.default as ComponentType<ComponentProps<C>>
    return <Component {...props} />
  }
  return Object.assign(Lazy, { preload: () => start(load).settled })
}
