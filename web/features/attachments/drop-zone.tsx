import { Paperclip } from 'lucide-react'
import { type ClipboardEvent, type DragEvent, type ReactNode, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import '../../i18n/areas/chat'

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/**
 * Wraps the composer so files can be dropped on it. While files are dragged over it, the hint
 * 'Drop files here to attach' covers it. Enter/leave fire for every child crossed, hence the depth
 * count rather than a boolean.
 */
export function AttachmentDropZone({
  onFiles,
  disabled,
  className,
  children,
}: {
  onFiles: (files: File[]) => void
  disabled?: boolean
  className?: string
  children: ReactNode
}) {
  const t = useT()
  const depth = useRef(0)
  const [dragging, setDragging] = useState(false)

  function reset() {
    depth.current = 0
    setDragging(false)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the '+' menu's file picker is the keyboard path
    <div
      className={cn('relative', className)}
      data-testid="attachment-drop-zone"
      data-dragging={dragging || undefined}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return
        event.preventDefault()
        depth.current += 1
        setDragging(true)
      }}
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return
        // Without this the browser would open the file instead of dropping it here.
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
      }}
      onDragLeave={(event) => {
        if (disabled || !carriesFiles(event)) return
        depth.current = Math.max(0, depth.current - 1)
        if (depth.current === 0) setDragging(false)
      }}
      onDrop={(event) => {
        if (disabled || !carriesFiles(event)) return
        event.preventDefault()
        reset()
        onFiles(Array.from(event.dataTransfer.files))
      }}
    >
      {children}
      {dragging ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center gap-2 rounded-2xl px-3 text-center border-2 border-dashed border-brand bg-white/90 text-sm font-medium text-brand-ink dark:bg-zinc-900/90"
        >
          <Paperclip className="size-4" aria-hidden />
          {t('chat.attachments.dropHere')}
        </div>
      ) : null}
    </div>
  )
}

/**
 * For the textarea's onPaste: pasted clipboard files are appended to the attachments. Text pasted
 * alongside them (a spreadsheet cell comes with a picture of itself) still goes into the input.
 */
export function pasteFiles(event: ClipboardEvent, onFiles: (files: File[]) => void) {
  const files = Array.from(event.clipboardData.files)
  if (files.length === 0) return
  if (!event.clipboardData.types.includes('text/plain')) event.preventDefault()
  onFiles(files)
}
