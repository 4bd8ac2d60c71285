import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { ApiRequestError, apiFailure, readApiError } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { Select } from '../../ui/select'
import { type ChatConfig, capabilitiesQuery, chatConfigQuery } from './chat-config-query'
import { ChatUsageSummary } from './chat-usage-summary'
import { SliderField, SwitchField } from './setting-fields'
import '../../i18n/areas/chat'

/** Advanced Chat Settings: this chat's model settings (spec sections 2, 5 and 9). */
export default function ChatSettingsDialog({
  chatId,
  open,
  onOpenChange,
}: {
  chatId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const config = useQuery(chatConfigQuery(chatId))
  const capabilities = useQuery(capabilitiesQuery)
  const [form, setForm] = useState<ChatConfig | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  const formatId = useId()
  const promptId = useId()
  const maxTokensId = useId()

  useEffect(() => {
    if (config.data) setForm(config.data)
  }, [config.data])
  useEffect(() => {
    if (config.isError)
      toast.error(config.error.message || t('chat.settings.loadFailed'), { id: 'config-load' })
  }, [config.isError, config.error, t])

  const save = useMutation({
    mutationFn: async (values: ChatConfig) => {
      const { data, error } = await api.chats({ id: chatId }).config.patch({
        ...values,
        system_prompt: values.system_prompt?.trim() ? values.system_prompt : null,
      })
      if (error) throw apiFailure(error, t('chat.settings.saveFailed'))
      return data.data
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(chatConfigQuery(chatId).queryKey, saved)
      toast.success(t('chat.settings.saved'))
      onOpenChange(false)
    },
    onError: (error) => toast.error(error.message),
  })

  const reset = useMutation({
    mutationFn: async () => {
      const { error } = await api.chats({ id: chatId }).config.delete()
      // Its own text whatever the server says, but the code kept for whoever branches on it.
      if (error)
        throw new ApiRequestError({ ...readApiError(error, ''), message: t('chat.settings.resetFailed') })
    },
    onSuccess: async () => {
      toast.success(t('chat.settings.resetDone'))
      await queryClient.refetchQueries({ queryKey: chatConfigQuery(chatId).queryKey })
    },
    onError: (error) => toast.error(error.message),
  })

  const set = <K extends keyof ChatConfig>(key: K, value: ChatConfig[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current))
  const webSearch = capabilities.data?.webSearch === true

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('chat.settings.title')}
      description={t('chat.settings.description')}
      testId="chat-settings-dialog"
      className="max-w-xl"
    >
      {!form ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {config.isError ? t('chat.settings.loadFailed') : t('common.loading')}
        </p>
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault()
            save.mutate(form)
          }}
        >
          <ChatUsageSummary chatId={chatId} />
          <div>
            <Label htmlFor={promptId}>{t('chat.settings.systemPrompt')}</Label>
            <Textarea
              id={promptId}
              value={form.system_prompt ?? ''}
              maxLength={20_000}
              placeholder={t('chat.settings.systemPromptPlaceholder')}
              onChange={(event) => set('system_prompt', event.target.value)}
            />
          </div>
          <SliderField
            label={t('chat.settings.temperature')}
            value={form.temperature}
            min={0}
            max={2}
            step={0.1}
            onChange={(value) => set('temperature', value)}
            hint={t('chat.settings.temperatureHint')}
          />
          <div>
            <SliderField
              label={t('chat.settings.maxTokens')}
              value={form.max_tokens}
              min={256}
              max={8192}
              step={256}
              onChange={(value) => set('max_tokens', value)}
            />
            <Label
              htmlFor={maxTokensId}
              className="mt-2 text-xs font-normal text-zinc-600 dark:text-zinc-400"
            >
              {t('chat.settings.maxTokensField')}
            </Label>
            <Input
              id={maxTokensId}
              type="number"
              min={1}
              max={128_000}
              step={1}
              required
              value={form.max_tokens}
              onChange={(event) => set('max_tokens', Math.round(Number(event.target.value)))}
              className="w-40"
            />
          </div>
          <SliderField
            label={t('chat.settings.topP')}
            value={form.top_p}
            min={0}
            max={1}
            step={0.05}
            onChange={(v) => set('top_p', v)}
          />
          <SliderField
            label={t('chat.settings.frequencyPenalty')}
            value={form.frequency_penalty}
            min={-2}
            max={2}
            step={0.1}
            onChange={(value) => set('frequency_penalty', value)}
          />
          <SliderField
            label={t('chat.settings.presencePenalty')}
            value={form.presence_penalty}
            min={-2}
            max={2}
            step={0.1}
            onChange={(value) => set('presence_penalty', value)}
          />
          <div>
            <Label htmlFor={formatId}>{t('chat.settings.responseFormat')}</Label>
            <Select
              id={formatId}
              value={form.response_format}
              onValueChange={(format) => set('response_format', format)}
              options={[
                { value: 'text', label: t('chat.settings.format.text') },
                { value: 'json', label: t('chat.settings.format.json') },
                { value: 'markdown', label: t('chat.settings.format.markdown') },
              ]}
            />
          </div>
          <SwitchField
            label={t('chat.settings.webSearch')}
            checked={form.web_search_enabled}
            disabled={!webSearch}
            onChange={(value) => set('web_search_enabled', value)}
            hint={webSearch ? t('chat.settings.webSearchHint') : t('chat.settings.webSearchUnavailable')}
          />
          <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <Button variant="outline" onClick={() => setConfirmReset(true)} busy={reset.isPending}>
              {t('chat.settings.resetToDefaults')}
            </Button>
            <div className="ml-auto flex gap-2">
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('chat.settings.saving') : t('chat.settings.save')}
              </Button>
            </div>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('chat.settings.resetToDefaults')}
        description={t('chat.settings.resetQuestion')}
        confirmLabel={t('chat.settings.reset')}
        onConfirm={() => reset.mutate()}
      />
    </Dialog>
  )
}
