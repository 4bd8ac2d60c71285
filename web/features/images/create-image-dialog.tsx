import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { ApiRequestError, apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Label, Textarea } from '../../ui/input'
import { Select } from '../../ui/select'
import { capabilitiesQuery } from '../chat-settings/chat-config-query'
import { messagesQuery } from '../messages/messages-query'
import '../../i18n/areas/images'

/** Spec section 9: the styles (the server appends each one's phrase) and sizes, defaults first. */
const STYLES = ['realistic', 'artistic', 'cartoon', 'abstract', 'vintage'] as const
const SIZES = [
  { value: '1024x1024', label: 'images.size.square' },
  { value: '1024x1792', label: 'images.size.portrait' },
  { value: '1792x1024', label: 'images.size.landscape' },
] as const
const IDEAS = ['images.idea.city', 'images.idea.cat', 'images.idea.garden', 'images.idea.cafe'] as const

type Style = (typeof STYLES)[number]
type Size = (typeof SIZES)[number]['value']

/**
 * The Create Image dialog (spec section 2): a description, quick ideas that fill it, style and
 * size, the credits note, Generate and Cancel. The image and the request land in the chat as two
 * messages, which the server also pushes to every other tab on it.
 */
export default function CreateImageDialog({
  open,
  onOpenChange,
  ensureChat,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The chat the image goes to: the current one, or a new one when there is none. */
  ensureChat: () => Promise<string | null>
}) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const capabilities = useQuery(capabilitiesQuery)
  const unavailable = capabilities.data?.imageGeneration === false
  const [prompt, setPrompt] = useState('')
  const [style, setStyle] = useState<Style>('realistic')
  const [size, setSize] = useState<Size>('1024x1024')

  const generate = useMutation({
    mutationFn: async () => {
      const chatId = await ensureChat()
      if (!chatId) throw new Error(t('images.toast.retry'))
      const { data, error } = await api['generate-image'].post({ prompt: prompt.trim(), size, style, chatId })
      if (error) throw apiFailure(error, t('images.toast.failed'))
      return { chatId, imageUrl: data.imageUrl }
    },
    onSuccess: ({ chatId }) => {
      // The pushed messages normally arrive first; this covers a socket that was reconnecting.
      void queryClient.invalidateQueries({ queryKey: messagesQuery(chatId).queryKey })
      toast.success(t('images.toast.success'))
      setPrompt('')
      onOpenChange(false)
    },
    onError: (error) =>
      toast.error(error instanceof ApiRequestError ? error.message : t('images.toast.retry'), {
        id: 'image-failed',
      }),
  })

  function submit() {
    if (!prompt.trim()) {
      toast.error(t('images.toast.blank'), { id: 'image-blank' })
      return
    }
    generate.mutate()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!generate.isPending) onOpenChange(next)
      }}
      title={t('images.dialog.title')}
      description={t('images.dialog.description')}
      testId="create-image-dialog"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {unavailable ? (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="image-unavailable"
          >
            {t('images.dialog.unavailable')}
          </p>
        ) : null}
        <div>
          <Label htmlFor={`${id}-prompt`}>{t('images.dialog.prompt')}</Label>
          <Textarea
            id={`${id}-prompt`}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            placeholder={t('images.dialog.promptPlaceholder')}
            rows={3}
            maxLength={3900}
            // The description is what the dialog is for: typing starts there, not on the close button.
            autoFocus
            data-testid="image-prompt"
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault()
                submit()
              }
            }}
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">{t('images.dialog.ideas')}</legend>
          <div className="flex flex-wrap gap-2">
            {IDEAS.map((idea) => (
              <button
                key={idea}
                type="button"
                onClick={() => setPrompt(t(idea))}
                className="rounded-full border border-zinc-300 px-3 py-1 text-sm text-zinc-700 hover:border-brand hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:border-zinc-700 dark:text-zinc-300 dark:hover:text-zinc-100"
                data-testid="image-idea"
              >
                {t(idea)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-style`}>{t('images.dialog.style')}</Label>
            <Select
              id={`${id}-style`}
              value={style}
              onValueChange={setStyle}
              data-testid="image-style"
              options={STYLES.map((value) => ({ value, label: t(`images.style.${value}`) }))}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-size`}>{t('images.dialog.size')}</Label>
            <Select
              id={`${id}-size`}
              value={size}
              onValueChange={setSize}
              data-testid="image-size"
              options={SIZES.map((option) => ({ value: option.value, label: t(option.label) }))}
            />
          </div>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('images.dialog.credits')}</p>
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={generate.isPending}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={generate.isPending} disabled={unavailable} data-testid="image-generate">
            {generate.isPending ? t('images.dialog.generating') : t('images.dialog.generate')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
