import type { ReactNode } from 'react'
import '../i18n/areas/shell'

/** Stands for a placeholder's value in a translated text, so the value can be rendered as an element. */
export const SLOT = '\u0000'

/**
 * A translated sentence with one styled value inside, wherever the language puts it:
 * `withNode(t('shell.welcome.title', { product: SLOT }), <span>…</span>)`.
 */
export function withNode(text: string, node: ReactNode): ReactNode {
  const at = text.indexOf(SLOT)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      {node}
      {text.slice(at + SLOT.length)}
    </>
  )
}
