import { expect, test } from 'bun:test'
import { loadSonner, onSonnerLoaded, toast } from './toast'

// sonner defers a dismissal to the next frame; there are no frames here.
globalThis.requestAnimationFrame ??= (run: FrameRequestCallback) =>
  setTimeout(() => run(0), 0) as unknown as number
globalThis.cancelAnimationFrame ??= (id: number) => clearTimeout(id)

test('toasts asked for before sonner has loaded keep their order, their ids and their dismissals', async () => {
  let loadedSeen = false
  onSonnerLoaded(() => {
    loadedSeen = true
  })
  const first = toast.success('Saved')
  const second = toast.error('Failed', { id: 'fixed-id' })
  toast.dismiss(first)
  toast.info('Replaced', { id: 'fixed-id' })
  expect(second).toBe('fixed-id')
  expect(typeof first).toBe('string')
  const sonner = await loadSonner()
  await Bun.sleep(5)
  expect(loadedSeen).toBe(true)
  const shown = sonner.toast.getToasts()
  // The first is dismissed; the second was replaced in place by the third, as sonner does by id.
  expect(shown.flatMap((item) => ['title' in item ? [item.id, item.title, item.type] : item.id])).toEqual([
    ['fixed-id', 'Replaced', 'info'],
  ])
  // Once loaded, calls go straight through.
  const third = toast.warning('Careful')
  expect(sonner.toast.getToasts().some((item) => item.id === third)).toBe(true)
})
