import { useSyncExternalStore } from 'react'

/**
 * Whether the command palette is open. Ctrl/⌘+K and the sidebar's button open it; this store is
 * in the first chunk, the palette itself is fetched when first opened (decision 161).
 */
let open = false
const listeners = new Set<() => void>()

function set(next: boolean) {
  if (open === next) return
  open = next
  for (const listener of listeners) listener()
}

export const openPalette = () => set(true)
export const closePalette = () => set(false)
export const togglePalette = () => set(!open)

export function usePaletteOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => open,
  )
}
