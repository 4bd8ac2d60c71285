import { useEffect, useRef } from 'react'
import { lazyComponent } from '../../lib/lazy-component'
import { closePalette, togglePalette, usePaletteOpen } from './palette-ui'

// Its own chunk: fetched the first time the palette opens, never on the first visit.
const CommandPalette = lazyComponent(() => import('./command-palette'))

/** Ctrl+K (⌘+K on a Mac) anywhere in the signed-in app opens or closes the command palette. */
export function PaletteHost({ onOpenSettings }: { onOpenSettings: () => void }) {
  const open = usePaletteOpen()
  const opened = useRef(false)
  if (open) opened.current = true
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return
      event.preventDefault()
      togglePalette()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  // Once loaded it stays mounted (closed), so opening again is instant and keeps no stale state.
  if (!opened.current) return null
  return (
    <CommandPalette
      open={open}
      onOpenChange={(next) => (next ? undefined : closePalette())}
      onOpenSettings={onOpenSettings}
    />
  )
}
