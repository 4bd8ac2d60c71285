import type { ExternalToast } from 'sonner'

type Sonner = typeof import('sonner')
type Message = Parameters<Sonner['toast']['success']>[0]
type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading'

/**
 * Toasts without sonner in the first page (issue 35): most visits never show one, and sonner is
 * a tenth of the entry script. The first toast loads it; calls made meanwhile keep their order
 * and their ids (made here when the caller gave none), so `{ id }` replacements and `dismiss`
 * work on a toast that is still on its way. The page's `<Toaster>` is `LazyToaster`, which
 * mounts once sonner is here; sonner replays toasts created before its toaster subscribed.
 */
let sonner: Sonner | undefined
let loading: Promise<Sonner> | undefined
const waiting = new Set<(module: Sonner) => void>()
let counter = 0

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module
    for (const notify of waiting) notify(module)
    waiting.clear()
    return module
  })
  return loading
}

/** Calls `run` now when sonner is loaded, else as soon as it is (in call order). */
function withSonner(run: (module: Sonner) => void) {
  if (sonner) return run(sonner)
  void loadSonner().then(run)
}

/** Runs `notify` once sonner is loaded (at once when it already is): for the lazy toaster. */
export function onSonnerLoaded(notify: (module: Sonner) => void): () => void {
  if (sonner) {
    notify(sonner)
    return () => undefined
  }
  waiting.add(notify)
  return () => waiting.delete(notify)
}

function show(kind: Kind) {
  return (message: Message, options?: ExternalToast): string | number => {
    const id = options?.id ?? `toast-${++counter}`
    withSonner((module) => module.toast[kind](message, { ...options, id }))
    return id
  }
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  loading: show('loading'),
  dismiss(id?: string | number) {
    // Nothing is on screen before sonner is: a dismissal then only has to follow the queued toasts.
    if (sonner || loading) withSonner((module) => module.toast.dismiss(id))
  },
}
