import { useCallback, useRef, useState } from 'react'
import { drafts } from './drafts'

/**
 * The composer's text for the chat `key`: switching chats shows that chat's draft. `setText` may
 * name the key it is for, so clearing after a send that finished in another chat clears the right
 * draft and leaves the text now shown alone.
 */
export function useDraft(key: string): [string, (text: string, forKey?: string) => void] {
  const [shown, setShown] = useState(() => ({ key, text: drafts.read(key) }))
  const current = useRef(key)
  current.current = key
  let state = shown
  if (shown.key !== key) {
    // Adjusting state while rendering (React's pattern for a prop change): no flash of the old text.
    state = { key, text: drafts.read(key) }
    setShown(state)
  }
  const setText = useCallback((text: string, forKey: string = current.current) => {
    drafts.write(forKey, text)
    if (forKey === current.current) setShown({ key: forKey, text })
  }, [])
  return [state.text, setText]
}
