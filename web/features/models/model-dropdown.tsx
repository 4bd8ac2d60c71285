import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Check, ChevronDown } from 'lucide-react'
import { DEMO_MODEL_ID } from '../../../src/ai/demo-model-id'
import { useT } from '../../i18n/i18n'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import type { Model } from './models-query'
import '../../i18n/areas/shell'

/** 'Model:' and the chosen model's name; the menu lists each model's name, description and provider. */
export function ModelDropdown({
  models,
  loading,
  selected,
  onChoose,
}: {
  models: Model[]
  loading: boolean
  selected: Model | null
  onChoose: (modelId: string) => void
}) {
  const t = useT()
  // The demo model is Parley's own, so its name and description are in the user's language.
  const nameOf = (model: Model) => (model.id === DEMO_MODEL_ID ? t('shell.model.demoName') : model.name)
  const descriptionOf = (model: Model) =>
    model.id === DEMO_MODEL_ID ? t('shell.model.demoDescription') : model.description
  const label = loading
    ? t('common.loading')
    : models.length === 0
      ? t('shell.model.none')
      : selected
        ? nameOf(selected)
        : t('shell.model.select')
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={loading || models.length === 0}
        data-testid="model-dropdown"
        className="flex h-8 min-w-0 items-center gap-1 rounded-lg px-2 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-70 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <span className="text-zinc-600 dark:text-zinc-400">{t('shell.model.prefix')}</span>
        <span className="truncate font-medium">{label}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          side="top"
          sideOffset={6}
          className={`${menuContentClass} max-h-80 w-72 overflow-y-auto`}
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {t('shell.model.heading')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={selected?.id ?? ''} onValueChange={onChoose}>
            {models.map((model) => (
              <DropdownMenu.RadioItem
                key={model.id}
                value={model.id}
                className={`${menuItemClass} items-start`}
                data-testid="model-option"
              >
                <span className="mt-0.5 size-4 shrink-0">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0">
                  <span className="block font-medium">{nameOf(model)}</span>
                  {descriptionOf(model) ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {descriptionOf(model)}
                    </span>
                  ) : null}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{model.provider}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
