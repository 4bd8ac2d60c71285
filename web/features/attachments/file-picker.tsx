import { useCallback, useRef } from 'react'

/** Spec section 9: images, text, .pdf, .docx, .txt and .md; several at once. */
export const ACCEPTED_FILES = 'image/*,text/*,.pdf,.docx,.txt,.md'

/**
 * The composer's hidden file input. `open()` is what the '+' menu's 'Add photos & files' calls; the
 * input is reset after each pick so choosing the same file again still counts.
 */
export function useFilePicker(onFiles: (files: File[]) => void) {
  const input = useRef<HTMLInputElement>(null)
  const open = useCallback(() => input.current?.click(), [])
  const element = (
    <input
      ref={input}
      type="file"
      multiple
      accept={ACCEPTED_FILES}
      hidden
      tabIndex={-1}
      aria-hidden
      data-testid="attachment-input"
      onChange={(event) => {
        const picked = Array.from(event.currentTarget.files ?? [])
        event.currentTarget.value = ''
        onFiles(picked)
      }}
    />
  )
  return { open, input: element }
}
