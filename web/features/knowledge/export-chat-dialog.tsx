import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { parseTags } from '../../lib/tags'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox-field'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import type { Chat } from '../chats/chats-query'
import { messagesQuery } from '../messages/messages-query'
import { TagsField } from './entry-fields'
import { EXPORT_TAG, exportPatch } from './export-rules'
import { exportChat, KNOWLEDGE_KEY, updateEntry } from './knowledge-query'
import '../../i18n/areas/knowledge'

/** The chat's title from the sidebar's lists, when it is there. */
function useChatTitle(chatId: string): string {
  const queryClient = useQueryClient()
  for (const [, data] of queryClient.getQueriesData<InfiniteData<{ chats: Chat[] }>>({
    queryKey: ['chats'],
  })) {
    const chat = data?.pages.flatMap((page) => page.chats).find((candidate) => candidate.id === chatId)
    if (chat) return chat.title
  }
  return ''
}

/**
 * Export Chat to Knowledge Base (spec sections 2 and 4): Title (the chat's), Tags ('chat-export'),
 * Notes and 'Share with team'. The server writes the entry from the chat; the entry is then
 * patched only for what the export itself does not set. Resets and closes after success.
 */
export default function ExportChatDialog({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const chatTitle = useChatTitle(chatId)
  const messages = useInfiniteQuery(messagesQuery(chatId))
  const empty = messages.isSuccess && messages.data.pages.every((page) => page.messages.length === 0)
  const defaults = { title: chatTitle, tags: EXPORT_TAG, notes: '', shared: false }
  const [form, setForm] = useState(defaults)
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  const run = useMutation({
    mutationFn: async () => {
      const exported = await exportChat(chatId)
      const patch = exportPatch(
        { title: form.title, tags: parseTags(form.tags), notes: form.notes, isShared: form.shared },
        exported,
      )
      if (patch) await updateEntry(exported.id, patch)
    },
    onSuccess: () => {
      toast.success(t('knowledge.export.done'))
      setForm(defaults)
      void queryClient.invalidateQueries({ queryKey: KNOWLEDGE_KEY })
      onClose()
    },
    onError: (error) => toast.error(error.message || t('knowledge.export.failed')),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (empty) return void toast.error(t('knowledge.export.empty'))
    run.mutate()
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !run.isPending && onClose()}
      title={t('knowledge.export.title')}
      description={t('knowledge.export.description')}
      testId="knowledge-export-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div>
          <Label htmlFor={`${id}-title`}>{t('knowledge.export.titleField')}</Label>
          <Input
            id={`${id}-title`}
            value={form.title}
            onChange={(event) => set('title', event.target.value)}
            placeholder={t('knowledge.export.titlePlaceholder')}
            data-testid="knowledge-export-title"
          />
        </div>
        <TagsField
          id={`${id}-tags`}
          value={form.tags}
          onChange={(value) => set('tags', value)}
          testId="knowledge-export-tags"
        />
        <div>
          <Label htmlFor={`${id}-notes`}>{t('knowledge.export.notes')}</Label>
          <Textarea
            id={`${id}-notes`}
            value={form.notes}
            onChange={(event) => set('notes', event.target.value)}
            placeholder={t('knowledge.export.notesPlaceholder')}
            data-testid="knowledge-export-notes"
          />
        </div>
        <CheckboxField
          id={`${id}-shared`}
          checked={form.shared}
          onChange={(value) => set('shared', value)}
          label={t('knowledge.form.shared')}
          note={t('knowledge.form.sharedNote')}
          testId="knowledge-export-shared"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={run.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={run.isPending} data-testid="knowledge-export-submit">
            {run.isPending ? t('knowledge.export.busy') : t('knowledge.export.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
