import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { messageAttachmentsQuery } from '../attachments/attachment-queries'
import { FileBadgeIcon } from '../attachments/file-badge-icon'
import { hasFilesMarker, stripFilesMarker } from './markdown/split-blocks'
import { useMessageActions } from './message-actions'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

const MAX_HEIGHT = 320

/**
 * A sent message opened in place: its text (without the files marker, which the server writes
 * again) and its files, each removable. 'Save & submit' sends the edit beside the original; Escape
 * or Cancel closes it unchanged. Empty text with no files cannot be sent (the composer's rule).
 */
export default function MessageEditor({ message, onClose }: { message: Message; onClose: () => void }) {
  const t = useT()
  const actions = useMessageActions()
  const [text, setText] = useState(() => stripFilesMarker(message.content))
  const hasFiles = hasFilesMarker(message.content)
  const attachments = useQuery({ ...messageAttachmentsQuery(message.id), enabled: hasFiles })
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const [saving, setSaving] = useState(false)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const kept = (attachments.data ?? []).filter((file) => !removed.has(file.id))
  // The files must be known before saving, or the edit would drop them unasked.
  const filesPending = hasFiles && attachments.isPending
  const blank = text.trim() === '' && kept.length === 0
  const canSave = !blank && !filesPending && !saving && actions.canReply

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const el = textarea.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(MAX_HEIGHT, el.scrollHeight)}px`
  }, [text])

  // Opens with the caret at the end of the text, ready to type.
  useLayoutEffect(() => {
    const el = textarea.current
    if (!el) return
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
  }, [])

  async function save() {
    if (!canSave) return
    setSaving(true)
    const taken = await actions.edit(
      message.id,
      text,
      kept.map((file) => file.id),
    )
    setSaving(false)
    if (taken) onClose()
  }

  return (
    <form
      className="w-full max-w-[85%] rounded-2xl border border-zinc-300 bg-white shadow-sm focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/25 dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="message-editor"
      aria-label={t('chat.edit.label')}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        onClose()
      }}
    >
      {kept.length > 0 ? (
        <ul aria-label={t('chat.attachments.attached')} className="flex flex-wrap gap-2 px-3 pt-3">
          {kept.map((file) => (
            <li
              key={file.id}
              className="flex max-w-56 items-center gap-2 rounded-xl border border-zinc-200 bg-zinc-50 py-1.5 pr-1 pl-2 dark:border-zinc-700 dark:bg-zinc-800/60"
              data-testid="editor-attachment"
            >
              <FileBadgeIcon name={file.filename} contentType={file.content_type} />
              <span className="min-w-0 truncate text-xs font-medium" title={file.filename}>
                {file.filename}
              </span>
              <button
                type="button"
                onClick={() => setRemoved((current) => new Set([...current, file.id]))}
                aria-label={t('chat.attachments.remove', { name: file.filename })}
                className="flex size-6 shrink-0 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <textarea
        ref={textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        aria-label={t('chat.edit.text')}
        className="block w-full resize-none bg-transparent px-4 py-3 text-[15px] leading-6 outline-none"
        style={{ maxHeight: MAX_HEIGHT }}
      />
      <div className="flex items-center justify-end gap-2 px-3 pb-3">
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" busy={saving} disabled={!canSave}>
          {t('chat.edit.save')}
        </Button>
      </div>
    </form>
  )
}
