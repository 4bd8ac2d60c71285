import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Globe } from 'lucide-react'
import { type KeyboardEvent, type RefObject, useEffect, useId, useState } from 'react'
import { extractVariables } from '../../../src/prompts/variables'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { categoryName } from './prompt-text'
import { countPromptUse, PROMPTS_KEY, type Prompt, promptsQuery } from './prompts-query'
import { VariablesForm } from './variables-form'
import '../../i18n/areas/prompts'

const MAX_SHOWN = 8

/** The composer hands its key presses here first; true when the picker used the key. */
export type SlashKeyHandler = (event: KeyboardEvent<HTMLTextAreaElement>) => boolean

function matches(prompt: Prompt, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return [prompt.title, prompt.description ?? '', ...prompt.tags].some((field) =>
    field.toLowerCase().includes(needle),
  )
}

/**
 * The '/' picker: typing '/' at the start of the composer lists the user's and the public prompts,
 * filtered by what follows the '/'. ↑/↓ move, Enter or Tab picks, Escape closes. Picking counts a
 * use; a prompt with variables asks for their values in place before its text is inserted.
 */
export default function SlashPicker({
  query,
  keyHandler,
  onActiveChange,
  onInsert,
  onClose,
}: {
  query: string
  keyHandler: RefObject<SlashKeyHandler | null>
  onActiveChange: (optionId: string | undefined) => void
  /** The filled text, and the prompt it came from (its model and tools apply to the chat). */
  onInsert: (text: string, prompt: Prompt) => void
  onClose: () => void
}) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  // Opening reloads: others' public prompts and use counts change meanwhile.
  const list = useQuery({ ...promptsQuery, refetchOnMount: 'always' })
  const [active, setActive] = useState(0)
  const [filling, setFilling] = useState<{ prompt: Prompt; variables: string[] } | null>(null)
  const shown = (list.data ?? []).filter((prompt) => matches(prompt, query)).slice(0, MAX_SHOWN)
  const index = Math.min(active, Math.max(0, shown.length - 1))
  const optionId = (position: number) => `${id}-option-${position}`

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts again at the top
  useEffect(() => setActive(0), [query])
  useEffect(() => {
    onActiveChange(!filling && shown.length > 0 ? optionId(index) : undefined)
    return () => onActiveChange(undefined)
  })

  const use = useMutation({
    mutationFn: (prompt: Prompt) => countPromptUse(prompt.id),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: PROMPTS_KEY })
      // Only the text's placeholders take a value: a custom variable the text does not use has nothing to fill.
      const variables = extractVariables(updated.prompt_text)
      if (variables.length === 0) onInsert(updated.prompt_text, updated)
      else setFilling({ prompt: updated, variables })
    },
    onError: (error) => toast.error(error.message),
  })

  function pick(prompt: Prompt | undefined) {
    if (prompt && !use.isPending) use.mutate(prompt)
  }

  keyHandler.current = (event) => {
    if (filling) return false
    switch (event.key) {
      case 'ArrowDown':
        setActive((index + 1) % Math.max(1, shown.length))
        return true
      case 'ArrowUp':
        setActive((index - 1 + shown.length) % Math.max(1, shown.length))
        return true
      case 'Enter':
      case 'Tab':
        if (event.shiftKey || shown.length === 0) return false
        pick(shown[index])
        return true
      case 'Escape':
        onClose()
        return true
      default:
        return false
    }
  }

  return (
    <div
      data-testid="slash-picker"
      className="absolute inset-x-0 bottom-full z-30 mb-2 max-h-80 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
    >
      {filling ? (
        <div className="p-2">
          <p className="mb-2 font-semibold">{filling.prompt.title}</p>
          <VariablesForm
            text={filling.prompt.prompt_text}
            variables={filling.variables}
            onInsert={(text) => onInsert(text, filling.prompt)}
          />
        </div>
      ) : (
        <>
          <p
            className="px-2.5 pt-1.5 pb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400"
            id={`${id}-label`}
          >
            {t('prompts.slash.label')}
          </p>
          {list.isPending ? (
            <p className="px-2.5 py-2 text-zinc-600 dark:text-zinc-400">{t('prompts.slash.loading')}</p>
          ) : shown.length === 0 ? (
            <p className="px-2.5 py-2 text-zinc-600 dark:text-zinc-400">{t('prompts.slash.empty')}</p>
          ) : (
            <div role="listbox" aria-labelledby={`${id}-label`}>
              {shown.map((prompt, position) => (
                <div
                  key={prompt.id}
                  id={optionId(position)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={position === index}
                  data-testid="slash-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(prompt)}
                  onKeyDown={() => undefined}
                  onMouseEnter={() => setActive(position)}
                  className={cn(
                    'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2',
                    position === index && 'bg-zinc-100 dark:bg-zinc-800',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{prompt.title}</span>
                    {prompt.description ? (
                      <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
                        {prompt.description}
                      </span>
                    ) : null}
                  </span>
                  {prompt.is_public ? (
                    <Globe className="size-3.5 shrink-0 text-zinc-500" aria-hidden />
                  ) : null}
                  <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                    {categoryName(prompt.category)}
                  </span>
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  )
}
