import { useEffect, useState } from 'react'
import type { ToasterProps } from 'sonner'
import { onSonnerLoaded } from '../lib/toast'

type Sonner = typeof import('sonner')

/**
 * sonner's `<Toaster>`, mounted when the first toast loads sonner (web/lib/toast.ts): until then
 * there is nothing to show, and the first page does not carry it.
 */
export function LazyToaster(props: ToasterProps) {
  const [sonner, setSonner] = useState<Sonner | undefined>()
  useEffect(() => onSonnerLoaded((module) => setSonner(() => module)), [])
  if (!sonner) return null
  return <sonner.Toaster {...props} />
}
