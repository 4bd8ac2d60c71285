import { ChevronDown, EyeOff } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { modelName } from '../models/model-texts'
import type { Model } from '../models/models-query'
import '../../i18n/areas/shell'

/** The model the composer sends with, the models on offer, and how to switch (the model dropdown's). */
export interface VisionChoice {
  selected: Model | null
  models: readonly Model[]
  onChoose: (modelId: string) => void
}

/** How many vision models are offered as buttons; the rest are one menu away. */
const SHOWN = 4

const chipClass =
  'inline-flex h-7 max-w-48 shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-white px-2.5 text-xs font-medium text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900'

/**
 * Before sending: images are attached and the chosen model cannot see them (docs/decisions/143).
 * Says so, and offers the models that can (one click switches, as the model dropdown does).
 */
export function VisionWarning({ images, choice }: { images: number; choice: VisionChoice }) {
  const t = useT()
  const { selected, models, onChoose } = choice
  if (images === 0 || !selected || selected.supports_vision) return null
  const seeing = models.filter((model) => model.supports_vision)
  const shown = seeing.slice(0, SHOWN)
  const more = seeing.slice(SHOWN)
  return (
    <div
      role="status"
      className="mx-3 mt-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="vision-warning"
    >
      <p className="flex items-start gap-2">
        <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-medium">{t('shell.vision.cannotSee', { model: modelName(selected) })}</span>{' '}
          {t('shell.vision.onlyNames', { count: images })}
        </span>
      </p>
      {seeing.length === 0 ? (
        <p className="mt-1 pl-6 text-amber-900 dark:text-amber-200">{t('shell.vision.none')}</p>
      ) : (
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 pl-6">
          <span className="text-amber-900 dark:text-amber-200">{t('shell.vision.switch')}</span>
          {shown.map((model) => (
            <button
              key={model.id}
              type="button"
              className={chipClass}
              onClick={() => onChoose(model.id)}
              title={modelName(model)}
              data-testid="vision-model"
            >
              <span className="truncate">{modelName(model)}</span>
            </button>
          ))}
          {more.length > 0 ? (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className={chipClass} data-testid="vision-more">
                {t('shell.vision.more', { count: more.length })}
                <ChevronDown className="size-3.5 shrink-0" aria-hidden />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  side="top"
                  align="start"
                  sideOffset={6}
                  collisionPadding={8}
                  className={`${menuContentClass} max-h-72 max-w-[calc(100vw-1rem)] overflow-y-auto`}
                >
                  {more.map((model) => (
                    <DropdownMenu.Item
                      key={model.id}
                      className={menuItemClass}
                      onSelect={() => onChoose(model.id)}
                      data-testid="vision-model"
                    >
                      {modelName(model)}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          ) : null}
        </div>
      )}
    </div>
  )
}
