import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../lib/toast'
import type { DictationSession, DictationState } from './dictation-session'

/**
 * The microphone's state for the composer. The recognition and recording code is fetched on the
 * first press (it is not part of the chat page's first load). Final text goes to `onFinal`; the
 * words still being recognised are `interim`, for a faint preview.
 */
export function useDictation(onFinal: (text: string) => void) {
  const [state, setState] = useState<DictationState>('off')
  const [interim, setInterim] = useState('')
  const [starting, setStarting] = useState(false)
  const session = useRef<DictationSession | null>(null)
  const finalRef = useRef(onFinal)
  finalRef.current = onFinal

  const toggle = useCallback(async () => {
    if (session.current) {
      session.current.stop()
      session.current = null
      return
    }
    setStarting(true)
    try {
      const { startDictation } = await import('./dictation-session')
      session.current = await startDictation({
        onInterim: setInterim,
        onFinal: (text) => finalRef.current(text),
        onState: (next) => {
          setState(next)
          if (next === 'off') session.current = null
        },
        onError: (message) => toast.error(message, { id: 'dictation' }),
      })
    } finally {
      setStarting(false)
    }
  }, [])

  // Leaving the chat (or the page) turns the microphone off.
  useEffect(() => () => session.current?.stop(), [])

  return { state, interim, busy: starting || state === 'transcribing', toggle }
}
