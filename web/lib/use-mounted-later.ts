import { useEffect, useState } from 'react'

/**
 * False on the first render, true from a task after it: for a part of a large first screen that may
 * come a moment later, so that the screen's first render is not one long task (issue 27;
 * bench/chat-ui.md, 2026-12-01).
 */
export function useMountedLater(): boolean {
  const [later, setLater] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setLater(true), 0)
    return () => clearTimeout(timer)
  }, [])
  return later
}
