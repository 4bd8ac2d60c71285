import * as Switch from '@radix-ui/react-switch'
import * as Tabs from '@radix-ui/react-tabs'
import { useMutation, useQuery } from '@tanstack/react-query'
import { FileText, Plus, Sparkles, Undo2, X } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import {
  type PromptCategory,
  type PromptTool,
  promptCategories,
  promptTools,
} from '../../../db/catalogues/prompts'
import { addVariable, extractVariables } from '../../../src/prompts/variables'
import { useT } from '../../i18n/i18n'
import { parseTags } from '../../lib/tags'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox-field'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { Select } from '../../ui/select'
import { sameIds } from '../groups/same-ids'
import { ShareGroupsField } from '../groups/share-groups-field'
import { modelName } from '../models/model-texts'
import { modelsQuery } from '../models/models-query'
import { categoryName, toolDescription, toolName, VARIABLE_EXAMPLE } from './prompt-text'
import {
  createPrompt,
  generatePromptText,
  type Prompt,
  type PromptFields,
  updatePrompt,
} from './prompts-query'
import { templatesFor } from './templates'
import '../../i18n/areas/prompts'

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 transition hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-100'
const badgeClass =
  'rounded-full border border-zinc-300 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:border-zinc-700 dark:text-zinc-300'
const sideHeading = 'mb-1.5 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400'

interface Draft {
  title: string
  description: string
  text: string
  modelId: string
  category: PromptCategory
  variables: string[]
  tools: PromptTool[]
  tags: string
  isPublic: boolean
  sharedGroupIds: string[]
}

const EMPTY: Draft = {
  title: '',
  description: '',
  text: '',
  modelId: '',
  category: 'general',
  variables: [],
  tools: [],
  tags: '',
  isPublic: false,
  sharedGroupIds: [],
}

function fieldsOf(draft: Draft): PromptFields {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    prompt_text: draft.text.trim(),
    category: draft.category,
    is_public: draft.isPublic,
    tags: parseTags(draft.tags),
    model_id: draft.modelId || null,
    variables: draft.variables,
    tools: draft.tools,
    sharedGroupIds: draft.sharedGroupIds,
  }
}

/**
 * Create New Prompt (spec section 2): the title, a Basic tab (model, description, text) and an
 * Advanced tab (category, variables, tools, tags, public), footer badges, and a side panel with the
 * quick actions, the variables, the enabled tools and tips. Resets and closes after success.
 */
export function CreatePromptDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const t = useT()
  const id = useId()
  const models = useQuery(modelsQuery)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [tab, setTab] = useState('basic')
  const [variableInput, setVariableInput] = useState('')
  const [templatesOpen, setTemplatesOpen] = useState(false)
  // The text a generated draft or a template replaced, until the person edits the new text or
  // takes it back (issue 26: nothing typed is lost without a way back).
  const [replaced, setReplaced] = useState<{ previous: string; by: 'generated' | 'template' } | null>(null)
  const latest = useRef(draft)
  latest.current = draft
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  function replaceText(text: string, by: 'generated' | 'template', title?: string) {
    const previous = latest.current.text
    setDraft((current) => ({ ...current, text, title: title && !current.title ? title : current.title }))
    setReplaced(previous.trim() && previous !== text ? { previous, by } : null)
    setTab('basic')
  }
  function undoReplace() {
    if (!replaced) return
    set('text', replaced.previous)
    setReplaced(null)
    document.getElementById(`${id}-text`)?.focus()
  }
  // The first active model is preselected (spec section 4) until the user picks one.
  const modelId = draft.modelId || models.data?.[0]?.id || ''
  const model = models.data?.find((candidate) => candidate.id === modelId)
  // Variables come from the text; a custom one the text does not use yet is listed apart.
  const fromText = extractVariables(draft.text)
  const customOnly = draft.variables.filter((name) => !fromText.includes(name))
  const tags = parseTags(draft.tags)
  const ready = draft.title.trim() !== '' && draft.text.trim() !== ''

  const create = useMutation({
    mutationFn: () => createPrompt(fieldsOf({ ...draft, modelId })),
    onSuccess: () => {
      toast.success(t('prompts.created'))
      setDraft(EMPTY)
      onCreated()
    },
    onError: (error) => toast.error(error.message),
  })
  const generate = useMutation({
    mutationFn: () =>
      generatePromptText({
        title: draft.title.trim(),
        description: draft.description.trim(),
        category: draft.category,
        model_id: modelId || null,
      }),
    onSuccess: (text) => replaceText(text, 'generated'),
    onError: (error) => toast.error(error.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!ready) return void toast.error(t('prompts.create.required'))
    create.mutate()
  }

  function addCustomVariable() {
    set('variables', addVariable(draft.variables, variableInput))
    setVariableInput('')
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('prompts.create.title')}
      className="md:max-w-4xl"
      testId="prompt-create-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div>
          <Label htmlFor={`${id}-title`}>{t('prompts.create.titleLabel')}</Label>
          <Input
            id={`${id}-title`}
            value={draft.title}
            maxLength={200}
            onChange={(event) => set('title', event.target.value)}
            placeholder={t('prompts.create.titlePlaceholder')}
            data-testid="prompt-title"
          />
        </div>
        <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_16rem]">
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List className="mb-4 flex gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800">
              <Tabs.Trigger value="basic" className={tabClass} data-testid="prompt-tab-basic">
                {t('prompts.create.basic')}
              </Tabs.Trigger>
              <Tabs.Trigger value="advanced" className={tabClass} data-testid="prompt-tab-advanced">
                {t('prompts.create.advanced')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="basic" className="flex flex-col gap-4 focus-visible:outline-none">
              <div>
                <Label htmlFor={`${id}-model`}>{t('prompts.create.model')}</Label>
                <Select
                  id={`${id}-model`}
                  value={modelId}
                  disabled={models.isPending}
                  onValueChange={(next) => set('modelId', next)}
                  data-testid="prompt-model"
                  options={[
                    models.isPending
                      ? { value: '', label: t('prompts.create.loadingModels') }
                      : { value: '', label: t('prompts.create.selectModel'), disabled: true },
                    ...(models.data ?? []).map((option) => ({
                      value: option.id,
                      label: `${modelName(option)} · ${option.provider}`,
                    })),
                  ]}
                />
              </div>
              <div>
                <Label htmlFor={`${id}-description`}>{t('prompts.create.descriptionLabel')}</Label>
                <Input
                  id={`${id}-description`}
                  value={draft.description}
                  onChange={(event) => set('description', event.target.value)}
                  placeholder={t('prompts.create.descriptionPlaceholder')}
                  data-testid="prompt-description"
                />
              </div>
              <div>
                <Label htmlFor={`${id}-text`}>{t('prompts.create.text')}</Label>
                <Textarea
                  id={`${id}-text`}
                  value={draft.text}
                  rows={7}
                  onChange={(event) => {
                    set('text', event.target.value)
                    setReplaced(null)
                  }}
                  placeholder={t('prompts.create.textPlaceholder', { example: VARIABLE_EXAMPLE })}
                  data-testid="prompt-text"
                />
                {replaced ? (
                  <div
                    role="status"
                    className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-950"
                    data-testid="prompt-text-replaced"
                  >
                    <span className="text-zinc-700 dark:text-zinc-300">
                      {replaced.by === 'generated'
                        ? t('prompts.create.replacedByGenerated')
                        : t('prompts.create.replacedByTemplate')}
                    </span>
                    <Button variant="outline" size="sm" onClick={undoReplace} data-testid="prompt-text-undo">
                      <Undo2 className="size-4" aria-hidden />
                      {t('prompts.create.undoReplace')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </Tabs.Content>
            <Tabs.Content value="advanced" className="flex flex-col gap-4 focus-visible:outline-none">
              <div>
                <Label htmlFor={`${id}-category`}>{t('prompts.create.category')}</Label>
                <CategorySelect
                  id={`${id}-category`}
                  value={draft.category}
                  onChange={(value) => set('category', value)}
                />
              </div>
              <div>
                <Label htmlFor={`${id}-variable`}>{t('prompts.create.variables')}</Label>
                <div className="flex gap-2">
                  <Input
                    id={`${id}-variable`}
                    value={variableInput}
                    onChange={(event) => setVariableInput(event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault()
                        addCustomVariable()
                      }
                    }}
                    placeholder={t('prompts.create.variablePlaceholder')}
                    data-testid="prompt-variable-input"
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    onClick={addCustomVariable}
                    aria-label={t('prompts.create.addVariable')}
                  >
                    <Plus className="size-4" aria-hidden />
                  </Button>
                </div>
                {draft.variables.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-1.5">
                    {draft.variables.map((name) => (
                      <li
                        key={name}
                        className="inline-flex items-center gap-1 rounded-full bg-brand/10 py-0.5 pr-1 pl-2 font-mono text-xs"
                      >
                        {`{${name}}`}
                        <button
                          type="button"
                          aria-label={t('prompts.create.removeVariable', { name })}
                          onClick={() =>
                            set(
                              'variables',
                              draft.variables.filter((other) => other !== name),
                            )
                          }
                          className="rounded-full p-0.5 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-700"
                        >
                          <X className="size-3" aria-hidden />
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
                  {t('prompts.create.tools')}
                </legend>
                <ul className="flex flex-col gap-2">
                  {promptTools.map((tool) => (
                    <li key={tool} className="flex items-center justify-between gap-3">
                      <label htmlFor={`${id}-tool-${tool}`} className="text-sm">
                        <span className="font-medium">{toolName(tool)}</span>
                        <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                          {toolDescription(tool)}
                        </span>
                      </label>
                      <Switch.Root
                        id={`${id}-tool-${tool}`}
                        checked={draft.tools.includes(tool)}
                        onCheckedChange={(on) =>
                          set(
                            'tools',
                            on ? [...draft.tools, tool] : draft.tools.filter((other) => other !== tool),
                          )
                        }
                        data-testid={`prompt-tool-${tool}`}
                        className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[state=checked]:bg-brand dark:bg-zinc-600"
                      >
                        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
                      </Switch.Root>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div>
                <Label htmlFor={`${id}-tags`}>{t('prompts.create.tags')}</Label>
                <Input
                  id={`${id}-tags`}
                  value={draft.tags}
                  onChange={(event) => set('tags', event.target.value)}
                  placeholder={t('prompts.create.tagsPlaceholder')}
                  data-testid="prompt-tags"
                />
              </div>
              <CheckboxField
                id={`${id}-public`}
                label={t('prompts.create.public')}
                note={t('prompts.create.publicNote')}
                checked={draft.isPublic}
                onChange={(on) => set('isPublic', on)}
                testId="prompt-public"
              />
              <ShareGroupsField
                value={draft.sharedGroupIds}
                onChange={(ids) => set('sharedGroupIds', ids)}
                testId="prompt-share-groups"
              />
            </Tabs.Content>
          </Tabs.Root>
          <aside className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-800 dark:bg-zinc-950">
            <section>
              <h3 className={sideHeading}>{t('prompts.create.quickActions')}</h3>
              <div className="flex flex-col gap-1.5">
                <Button
                  variant="outline"
                  size="sm"
                  busy={generate.isPending}
                  onClick={() =>
                    draft.title.trim()
                      ? generate.mutate()
                      : toast.error(t('prompts.create.generateNeedsTitle'))
                  }
                  data-testid="prompt-generate"
                >
                  {generate.isPending ? null : <Sparkles className="size-4" aria-hidden />}
                  {generate.isPending ? t('prompts.create.generating') : t('prompts.create.generate')}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={templatesOpen}
                  onClick={() => setTemplatesOpen((open) => !open)}
                  data-testid="prompt-use-template"
                >
                  <FileText className="size-4" aria-hidden /> {t('prompts.create.useTemplate')}
                </Button>
                {templatesOpen ? (
                  <ul
                    aria-label={t('prompts.templates.title')}
                    className="flex flex-col gap-1"
                    data-testid="prompt-templates"
                  >
                    {templatesFor(draft.category).map((template) => (
                      <li key={template.id}>
                        <button
                          type="button"
                          className="w-full rounded-md px-2 py-1.5 text-left hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
                          onClick={() => {
                            replaceText(template.text, 'template', template.title)
                            setTemplatesOpen(false)
                          }}
                        >
                          {template.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </section>
            <section data-testid="prompt-side-variables">
              <h3 className={sideHeading}>{t('prompts.create.variables')}</h3>
              {fromText.length + customOnly.length === 0 ? (
                <p className="text-zinc-600 dark:text-zinc-400">
                  {t('prompts.create.noVariables', { example: VARIABLE_EXAMPLE })}
                </p>
              ) : (
                <ul className="flex flex-col gap-1.5">
                  {fromText.map((name) => (
                    <li key={name} data-variable={name} data-source="text">
                      <span className="font-mono text-xs">{`{${name}}`}</span>{' '}
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {t('prompts.create.fromText')}
                      </span>
                    </li>
                  ))}
                  {customOnly.map((name) => (
                    <li key={name} data-variable={name} data-source="custom">
                      <span className="font-mono text-xs">{`{${name}}`}</span>{' '}
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {t('prompts.create.customVariable')}
                      </span>
                      <span className="block text-xs text-amber-800 dark:text-amber-300">
                        {t('prompts.create.customNotInText')}{' '}
                        <button
                          type="button"
                          className="font-medium text-brand-ink underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-brand"
                          onClick={() => {
                            const text = latest.current.text
                            set('text', `${text}${text && !/\s$/.test(text) ? ' ' : ''}{${name}}`)
                            setReplaced(null)
                          }}
                          aria-label={t('prompts.create.addToTextNamed', { name })}
                          data-testid="prompt-variable-add-to-text"
                        >
                          {t('prompts.create.addToText')}
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className={sideHeading}>{t('prompts.create.enabledTools')}</h3>
              {draft.tools.length === 0 ? (
                <p className="text-zinc-600 dark:text-zinc-400">{t('prompts.create.noTools')}</p>
              ) : (
                <ul className="flex flex-col gap-0.5">
                  {draft.tools.map((tool) => (
                    <li key={tool}>{toolName(tool)}</li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className={sideHeading}>{t('prompts.create.tips')}</h3>
              <p className="text-zinc-600 dark:text-zinc-400">
                {t('prompts.create.tipsText', { example: VARIABLE_EXAMPLE })}
              </p>
            </section>
          </aside>
        </div>
        {/* Stays in view while the body scrolls (the Advanced tab is taller than an 800 px screen). */}
        <div
          className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-wrap items-center gap-2 border-t border-zinc-200 bg-white px-5 py-4 dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="prompt-create-footer"
        >
          <div className="flex flex-wrap gap-1.5" data-testid="prompt-footer-badges">
            <span className={badgeClass}>{model ? modelName(model) : t('prompts.create.noModel')}</span>
            <span className={badgeClass}>{categoryName(draft.category)}</span>
            <span className={badgeClass}>{t('prompts.create.toolCount', { count: draft.tools.length })}</span>
            <span className={badgeClass}>{t('prompts.create.tagCount', { count: tags.length })}</span>
          </div>
          <div className="ml-auto flex gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} busy={create.isPending} data-testid="prompt-submit">
              {create.isPending ? t('prompts.create.submitting') : t('prompts.create.submit')}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  )
}

/** Edit Prompt (spec section 2): title, description, category, text, tags and the public checkbox. */
export function EditPromptDialog({
  prompt,
  onClose,
  onUpdated,
}: {
  prompt: Prompt
  onClose: () => void
  onUpdated: () => void
}) {
  const t = useT()
  const id = useId()
  const [title, setTitle] = useState(prompt.title)
  const [description, setDescription] = useState(prompt.description ?? '')
  const [category, setCategory] = useState<PromptCategory>(prompt.category)
  const [text, setText] = useState(prompt.prompt_text)
  const [tags, setTags] = useState(prompt.tags.join(', '))
  const [isPublic, setIsPublic] = useState(prompt.is_public)
  const [sharedGroupIds, setSharedGroupIds] = useState(prompt.sharedGroupIds)
  const ready = title.trim() !== '' && text.trim() !== ''
  const update = useMutation({
    mutationFn: () =>
      updatePrompt(prompt.id, {
        title: title.trim(),
        description: description.trim(),
        category,
        prompt_text: text.trim(),
        tags: parseTags(tags),
        is_public: isPublic,
        // Only when changed: a group this person no longer belongs to stays shared, unrefused.
        ...(sameIds(sharedGroupIds, prompt.sharedGroupIds) ? {} : { sharedGroupIds }),
      }),
    onSuccess: () => {
      toast.success(t('prompts.updated'))
      onUpdated()
    },
    onError: (error) => toast.error(error.message),
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('prompts.edit.title')}
      className="sm:max-w-2xl"
      testId="prompt-edit-dialog"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!ready) return void toast.error(t('prompts.create.required'))
          update.mutate()
        }}
      >
        <div>
          <Label htmlFor={`${id}-title`}>{t('prompts.edit.titleLabel')}</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            required
            onChange={(event) => setTitle(event.target.value)}
            data-testid="prompt-edit-title"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>{t('prompts.create.descriptionLabel')}</Label>
          <Input
            id={`${id}-description`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>{t('prompts.create.category')}</Label>
          <CategorySelect id={`${id}-category`} value={category} onChange={setCategory} />
        </div>
        <div>
          <Label htmlFor={`${id}-text`}>{t('prompts.edit.text')}</Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            rows={7}
            required
            onChange={(event) => setText(event.target.value)}
            data-testid="prompt-edit-text"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-tags`}>{t('prompts.create.tags')}</Label>
          <Input
            id={`${id}-tags`}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            placeholder={t('prompts.create.tagsPlaceholder')}
          />
        </div>
        <CheckboxField
          id={`${id}-public`}
          label={t('prompts.create.public')}
          note={t('prompts.create.publicNote')}
          checked={isPublic}
          onChange={setIsPublic}
          testId="prompt-public"
        />
        <ShareGroupsField value={sharedGroupIds} onChange={setSharedGroupIds} testId="prompt-share-groups" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} busy={update.isPending} data-testid="prompt-edit-submit">
            {update.isPending ? t('prompts.edit.submitting') : t('prompts.edit.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

function CategorySelect({
  id,
  value,
  onChange,
}: {
  id: string
  value: PromptCategory
  onChange: (value: PromptCategory) => void
}) {
  return (
    <Select
      id={id}
      value={value}
      onValueChange={onChange}
      data-testid="prompt-category"
      options={promptCategories.map((category) => ({ value: category, label: categoryName(category) }))}
    />
  )
}
