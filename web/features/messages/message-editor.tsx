import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { messageAttachmentsQuery } from '../attachments/attachment-queries'
import { AttachmentDropZone, pasteFiles } from '../attachments/drop-zone'
import { useFilePicker } from '../attachments/file-picker'
import { useAttachmentUploads } from '../attachments/use-attachment-uploads'
import { AddFilesButton, EditorFileChip } from './editor-files'
import { hasFilesMarker, stripFilesMarker } from './markdown/split-blocks'
import { useMessageActions } from './message-actions'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

const MAX_HEIGHT = 320

/**
 * A sent message opened in place: its text (without the files marker, which the server writes
 * again) and its files, each removable, and new files added as in the composer (the paperclip, a
 * paste or a drop; they upload at once). 'Save & submit' sends the edit beside the original; Escape
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
  const uploads = useAttachmentUploads()
  const picker = useFilePicker(addFiles)
  // The files must be known before saving, or the edit would drop them unasked.
  const filesPending = hasFiles && attachments.isPending
  const blank = text.trim() === '' && kept.length === 0 && uploads.readyIds.length === 0
  const canSave = !blank && !filesPending && !uploads.uploading && !saving && actions.canReply

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

  /** The message's kept files count against the per-message limit too (the upload hook knows only its own). */
  function addFiles(incoming: File[]) {
    const max = uploads.limits?.maxFiles
    const room = max === undefined ? incoming.length : Math.max(0, max - kept.length - uploads.files.length)
    if (max !== undefined && incoming.length > room) toast.error(t('chat.attachments.tooMany', { max }))
    uploads.add(incoming.slice(0, room))
  }

  async function save() {
    if (!canSave) return
    setSaving(true)
    const taken = await actions.edit(message.id, text, [...kept.map((file) => file.id), ...uploads.readyIds])
    setSaving(false)
    if (!taken) return
    // The new files now belong to the edited message: nothing to delete.
    uploads.clear()
    onClose()
  }

  /** Closes unchanged; files uploaded for the edit are deleted (else the server sweeps them after a day). */
  function cancel() {
    for (let index = uploads.files.length - 1; index >= 0; index--) uploads.remove(index)
    onClose()
  }

  return (
    // Full width on phones: at 85% of 390 px, German's 'Speichern und senden' ran past the edge.
    <AttachmentDropZone onFiles={addFiles} className="w-full sm:max-w-[85%]">
      <form
        className="w-full rounded-2xl border border-zinc-300 bg-white shadow-sm focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/25 dark:border-zinc-700 dark:bg-zinc-900"
        data-testid="message-editor"
        aria-label={t('chat.edit.label')}
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return
          event.preventDefault()
          cancel()
        }}
      >
        {picker.input}
        {kept.length > 0 || uploads.files.length > 0 ? (
          <ul aria-label={t('chat.attachments.attached')} className="flex flex-wrap gap-2 px-3 pt-3">
            {kept.map((file) => (
              <EditorFileChip
                key={file.id}
                name={file.filename}
                contentType={file.content_type}
                onRemove={() => setRemoved((current) => new Set([...current, file.id]))}
              />
            ))}
            {uploads.files.map((entry, index) => (
              <EditorFileChip
                key={entry.key}
                name={entry.file.name}
                contentType={entry.uploaded?.contentType ?? entry.file.type}
                upload={entry}
                onRemove={() => uploads.remove(index)}
              />
            ))}
          </ul>
        ) : null}
        <textarea
          ref={textarea}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPaste={(event) => pasteFiles(event, addFiles)}
          rows={2}
          aria-label={t('chat.edit.text')}
          className="block w-full resize-none bg-transparent px-4 py-3 text-[15px] leading-6 outline-none"
          style={{ maxHeight: MAX_HEIGHT }}
        />
        <div className="flex flex-wrap items-center gap-2 px-3 pb-3">
          <AddFilesButton onClick={picker.open} />
          <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="sm" busy={saving} disabled={!canSave}>
            {t('chat.edit.save')}
          </Button>
        </div>
      </form>
    </AttachmentDropZone>
  )
}
