import { useMutation } from '@tanstack/react-query'
import { FileUp, Info } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { parseTags } from '../../lib/tags'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox-field'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { sameIds } from '../groups/same-ids'
import { ShareGroupsField } from '../groups/share-groups-field'
import { TagsField } from './entry-fields'
import { createEntry, type KnowledgeEntry, updateEntry, uploadDocument } from './knowledge-query'
import '../../i18n/areas/knowledge'

const DOCUMENT_TYPES = '.pdf,.docx,.txt,.md,application/pdf,text/plain,text/markdown'

/**
 * Create Knowledge Entry (spec section 2): 'Title *', 'Content *', Tags, 'Share with team' with
 * its note, the info text and 'Create Knowledge'. A document (PDF, DOCX, text, Markdown) can be
 * added instead of typed content: the server extracts its text into a new entry. With `entry`,
 * the same form edits that entry.
 */
export function EntryFormDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: KnowledgeEntry | null
  onClose: () => void
  onSaved: () => void
}) {
  const t = useT()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [title, setTitle] = useState(entry?.title ?? '')
  const [content, setContent] = useState(entry?.content ?? '')
  const [tags, setTags] = useState(entry?.tags.join(', ') ?? '')
  const [shared, setShared] = useState(entry?.is_shared ?? false)
  const [sharedGroupIds, setSharedGroupIds] = useState(entry?.sharedGroupIds ?? [])

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        title: title.trim(),
        content: content.trim(),
        tags: parseTags(tags),
        is_shared: shared,
        // On an edit only when changed: a group this person left stays shared, unrefused.
        ...(entry && sameIds(sharedGroupIds, entry.sharedGroupIds) ? {} : { sharedGroupIds }),
      }
      return entry ? updateEntry(entry.id, fields) : createEntry(fields)
    },
    onSuccess: () => {
      toast.success(entry ? t('knowledge.edit.done') : t('knowledge.create.done'))
      onSaved()
    },
    onError: (error) => toast.error(error.message),
  })
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const created = await uploadDocument(file, { tags: parseTags(tags), is_shared: shared })
      // The upload takes no groups (a multipart body): they follow as an edit of the new entry.
      return sharedGroupIds.length ? updateEntry(created.id, { sharedGroupIds }) : created
    },
    onSuccess: () => {
      toast.success(t('knowledge.create.done'))
      onSaved()
    },
    onError: (error) => toast.error(error.message),
  })
  const busy = save.isPending || upload.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!title.trim() || !content.trim()) return void toast.error(t('knowledge.create.required'))
    save.mutate()
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={entry ? t('knowledge.edit.title') : t('knowledge.create.title')}
      className="md:max-w-2xl"
      testId="knowledge-form-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div>
          <Label htmlFor={`${id}-title`}>{t('knowledge.form.title')}</Label>
          <Input
            id={`${id}-title`}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t('knowledge.form.titlePlaceholder')}
            maxLength={500}
            aria-required
            data-testid="knowledge-title"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-content`}>{t('knowledge.form.content')}</Label>
          <Textarea
            id={`${id}-content`}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            placeholder={t('knowledge.form.contentPlaceholder')}
            className="min-h-48"
            aria-required
            data-testid="knowledge-content"
          />
          {entry ? null : (
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <input
                ref={fileInput}
                type="file"
                accept={DOCUMENT_TYPES}
                className="sr-only"
                tabIndex={-1}
                aria-hidden
                data-testid="knowledge-file"
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  event.target.value = ''
                  if (file) upload.mutate(file)
                }}
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                busy={upload.isPending}
                disabled={busy}
                onClick={() => fileInput.current?.click()}
                data-testid="knowledge-add-document"
              >
                <FileUp className="size-4" aria-hidden />
                {upload.isPending ? t('knowledge.form.documentBusy') : t('knowledge.form.document')}
              </Button>
              <span>{t('knowledge.form.documentHint')}</span>
            </div>
          )}
        </div>
        <TagsField id={`${id}-tags`} value={tags} onChange={setTags} testId="knowledge-tags-input" />
        <CheckboxField
          id={`${id}-shared`}
          checked={shared}
          onChange={setShared}
          label={t('knowledge.form.shared')}
          note={t('knowledge.form.sharedNote')}
          testId="knowledge-shared-input"
        />
        <ShareGroupsField
          value={sharedGroupIds}
          onChange={setSharedGroupIds}
          testId="knowledge-share-groups"
        />
        <p className="flex gap-2 rounded-lg bg-brand/10 p-3 text-sm text-zinc-800 dark:text-zinc-200">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('knowledge.form.info')}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} disabled={busy} data-testid="knowledge-submit">
            {entry
              ? save.isPending
                ? t('knowledge.edit.busy')
                : t('knowledge.edit.submit')
              : save.isPending
                ? t('knowledge.create.busy')
                : t('knowledge.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
