/**
 * Asks the composer to open its prompt library (the command palette's action, decision 161): the
 * library lives in the composer, whose text it inserts into.
 */
const listeners = new Set<() => void>()

export function openPromptLibrary() {
  for (const listener of listeners) listener()
}

/** The composer's side: `open` runs whenever something asks for the library. */
export function onPromptLibraryRequest(open: () => void): () => void {
  listeners.add(open)
  return () => listeners.delete(open)
}
