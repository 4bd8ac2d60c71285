import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { type PromptCategory, promptCategories } from '../../../db/catalogues/prompts'
import { allVariables, extractVariables } from '../../../src/prompts/variables'
import { useT } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog } from '../../ui/dialog'
import { SearchField } from '../../ui/search-field'
import { ToggleChip } from '../../ui/toggle-chip'
import { PromptCard } from './prompt-card'
import { CreatePromptDialog, EditPromptDialog } from './prompt-form-dialog'
import { categoryName } from './prompt-text'
import {
  countPromptUse,
  deletePrompt,
  duplicatePrompt,
  PROMPTS_KEY,
  type Prompt,
  promptsQuery,
} from './prompts-query'
import { VariablesForm } from './variables-form'
import '../../i18n/areas/prompts'

type Tab = PromptCategory | 'all'
const TABS: Tab[] = ['all', ...promptCategories]

/** Case-insensitive: title, description, text or a tag contains the query. */
function matches(prompt: Prompt, query: string): boolean {
  if (!query) return true
  const needle = query.toLowerCase()
  return [prompt.title, prompt.description ?? '', prompt.prompt_text, ...prompt.tags].some((field) =>
    field.toLowerCase().includes(needle),
  )
}

/**
 * The Prompt Library panel (spec section 2): search, category tabs with counts, the cards, and the
 * 'Selected Prompt' pane. Selecting a prompt counts a use; without variables its text goes straight
 * into the composer, with variables the pane asks for their values first. Loaded on first open.
 */
export default function PromptLibrary({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The filled text, and the prompt it came from (its model and tools apply to the chat). */
  onInsert: (text: string, prompt: Prompt) => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  // Opening reloads: others' public prompts and use counts change meanwhile.
  const list = useQuery({ ...promptsQuery, refetchOnMount: 'always' })
  const [query, setQuery] = useState('')
  const [tab, setTab] = useState<Tab>('all')
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit'; prompt: Prompt } | null>(null)
  const [deleting, setDeleting] = useState<Prompt | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROMPTS_KEY })

  const found = useMemo(
    () => (list.data ?? []).filter((prompt) => matches(prompt, query.trim())),
    [list.data, query],
  )
  const counts = useMemo(() => {
    const byTab: Record<Tab, number> = {
      all: found.length,
      general: 0,
      technical: 0,
      creative: 0,
      analysis: 0,
      learning: 0,
    }
    for (const prompt of found) byTab[prompt.category] += 1
    return byTab
  }, [found])
  const shown = tab === 'all' ? found : found.filter((prompt) => prompt.category === tab)
  const selected = (list.data ?? []).find((prompt) => prompt.id === selectedId) ?? null
  const selectedVariables = selected ? allVariables(selected.variables, selected.prompt_text) : []
  // Values are asked only for the text's placeholders; a custom variable the text does not use is listed apart.
  const selectedFields = selected ? extractVariables(selected.prompt_text) : []
  const selectedUnused = selectedVariables.filter((name) => !selectedFields.includes(name))
  const searching = query.trim() !== ''

  function insert(text: string, prompt: Prompt) {
    onInsert(text, prompt)
    onOpenChange(false)
  }

  const use = useMutation({
    mutationFn: (prompt: Prompt) => countPromptUse(prompt.id),
    onSuccess: (updated) => {
      void refresh()
      if (extractVariables(updated.prompt_text).length === 0) insert(updated.prompt_text, updated)
    },
    onError: (error) => toast.error(error.message),
  })
  const duplicate = useMutation({
    mutationFn: (prompt: Prompt) => duplicatePrompt(prompt.id),
    onSuccess: () => {
      toast.success(t('prompts.duplicated'))
      void refresh()
    },
    onError: (error) => toast.error(error.message),
  })
  const remove = useMutation({
    mutationFn: (prompt: Prompt) => deletePrompt(prompt.id),
    onSuccess: (_, prompt) => {
      toast.success(t('prompts.deleted'))
      if (selectedId === prompt.id) setSelectedId(null)
      void refresh()
    },
    onError: (error) => toast.error(error.message),
  })

  function select(prompt: Prompt) {
    setSelectedId(prompt.id)
    use.mutate(prompt)
  }

  return (
    <>
      <Dialog
        open={open && dialog === null}
        onOpenChange={onOpenChange}
        title={t('prompts.library.title')}
        description={t('prompts.library.description')}
        className="md:max-w-5xl"
        testId="prompt-library"
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <SearchField
              value={query}
              onChange={setQuery}
              label={t('prompts.library.search')}
              testId="prompt-search"
            />
            <Button onClick={() => setDialog({ kind: 'create' })} data-testid="prompt-create-new">
              <Plus className="size-4" aria-hidden /> {t('prompts.library.createNew')}
            </Button>
          </div>
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">{t('prompts.library.categories')}</legend>
            {TABS.map((value) => (
              <ToggleChip
                key={value}
                pressed={tab === value}
                data-testid={`prompt-tab-${value}`}
                onClick={() => setTab(value)}
              >
                {categoryName(value)}
                <span className="text-xs opacity-80">{counts[value]}</span>
              </ToggleChip>
            ))}
          </fieldset>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="prompt-count">
            {t('prompts.library.count', { count: shown.length })}
          </p>
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
            <div>
              {list.isPending ? (
                <p className="py-8 text-center text-sm text-zinc-600 dark:text-zinc-400">
                  {t('prompts.library.loading')}
                </p>
              ) : list.isError ? (
                <p className="py-8 text-center text-sm text-red-700 dark:text-red-400">
                  {list.error.message}
                </p>
              ) : shown.length === 0 ? (
                <div
                  className="flex flex-col items-center gap-3 py-10 text-center"
                  data-testid="prompt-empty"
                  data-reason={(list.data ?? []).length === 0 ? 'none' : searching ? 'search' : 'category'}
                >
                  {(list.data ?? []).length === 0 ? (
                    <>
                      <p className="font-medium">{t('prompts.library.empty')}</p>
                      <Button variant="outline" onClick={() => setDialog({ kind: 'create' })}>
                        {t('prompts.library.createFirst')}
                      </Button>
                    </>
                  ) : searching ? (
                    // Prompts exist: the search (in this category) found none of them.
                    <>
                      <p className="font-medium [overflow-wrap:anywhere]">
                        {t('prompts.library.noMatch', { query: query.trim() })}
                      </p>
                      <Button
                        variant="outline"
                        onClick={() => setQuery('')}
                        data-testid="prompt-clear-search"
                      >
                        {t('prompts.library.clearSearch')}
                      </Button>
                    </>
                  ) : (
                    <>
                      <p className="font-medium">
                        {t('prompts.library.noneInCategory', { category: categoryName(tab) })}
                      </p>
                      <Button variant="outline" onClick={() => setTab('all')} data-testid="prompt-show-all">
                        {t('prompts.library.showAll')}
                      </Button>
                    </>
                  )}
                </div>
              ) : (
                <ul className="flex flex-col gap-2">
                  {shown.map((prompt) => (
                    <PromptCard
                      key={prompt.id}
                      prompt={prompt}
                      selected={prompt.id === selectedId}
                      onSelect={() => select(prompt)}
                      onEdit={() => setDialog({ kind: 'edit', prompt })}
                      onDuplicate={() => duplicate.mutate(prompt)}
                      onDelete={() => setDeleting(prompt)}
                    />
                  ))}
                </ul>
              )}
            </div>
            <section
              aria-labelledby="selected-prompt-heading"
              data-testid="selected-prompt"
              className="h-fit rounded-xl border border-zinc-200 bg-zinc-50 p-3 md:sticky md:top-0 dark:border-zinc-800 dark:bg-zinc-950"
            >
              <h3 id="selected-prompt-heading" className="mb-2 text-sm font-semibold">
                {t('prompts.selected.title')}
              </h3>
              {selected ? (
                <div className="flex flex-col gap-2">
                  <p className="font-medium">{selected.title}</p>
                  <p className="max-h-40 overflow-y-auto font-mono text-xs whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
                    {selected.prompt_text}
                  </p>
                  <h4 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                    {t('prompts.selected.variables')}
                  </h4>
                  {selectedVariables.length === 0 ? (
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">
                      {t('prompts.selected.noVariables')}
                    </p>
                  ) : selectedFields.length > 0 ? (
                    <VariablesForm
                      key={selected.id}
                      text={selected.prompt_text}
                      variables={selectedFields}
                      onInsert={(text) => insert(text, selected)}
                    />
                  ) : (
                    <Button
                      className="self-end"
                      onClick={() => insert(selected.prompt_text, selected)}
                      data-testid="prompt-insert"
                    >
                      {t('prompts.fill.insert')}
                    </Button>
                  )}
                  {selectedUnused.length > 0 ? (
                    <p
                      className="text-xs text-zinc-600 dark:text-zinc-400"
                      data-testid="prompt-unused-variables"
                    >
                      {t('prompts.selected.unused', {
                        names: selectedUnused.map((name) => `{${name}}`).join(', '),
                      })}
                    </p>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('prompts.selected.hint')}</p>
              )}
            </section>
          </div>
        </div>
      </Dialog>
      {dialog?.kind === 'create' ? (
        <CreatePromptDialog
          onClose={() => setDialog(null)}
          onCreated={() => {
            setDialog(null)
            void refresh()
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditPromptDialog
          prompt={dialog.prompt}
          onClose={() => setDialog(null)}
          onUpdated={() => {
            setDialog(null)
            void refresh()
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        testId="prompt-delete-dialog"
        title={t('prompts.delete.title')}
        description={t('prompts.delete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  )
}
