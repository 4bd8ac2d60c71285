import { useT } from '../../i18n/i18n'
import { PickerMenu, PickerOption } from '../../ui/picker-menu'
import { modelDescription, modelName } from './model-texts'
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
  // Parley's own models (the demo, the workflow agents) are named in the user's language.
  const nameOf = modelName
  const descriptionOf = modelDescription
  const label = loading
    ? t('common.loading')
    : models.length === 0
      ? t('shell.model.none')
      : selected
        ? nameOf(selected)
        : t('shell.model.select')
  return (
    <PickerMenu
      value={selected?.id ?? ''}
      onValueChange={onChoose}
      // On phones the row is narrow: the prefix is read out but not shown, so the name has the room.
      prefix={
        <span className="sr-only text-zinc-600 sm:not-sr-only dark:text-zinc-400">
          {t('shell.model.prefix')}
        </span>
      }
      chosen={label}
      // The name may be cut with an ellipsis (a phone, a long id): the whole of it on hover.
      triggerTitle={selected ? label : undefined}
      heading={t('shell.model.heading')}
      disabled={loading || models.length === 0}
      triggerClassName="min-w-0 disabled:opacity-70"
      menuClassName="max-h-80 w-72"
      testId="model-dropdown"
      options={models.map((model) => (
        <PickerOption
          key={model.id}
          value={model.id}
          name={nameOf(model)}
          notes={[
            descriptionOf(model),
            model.supports_vision ? t('shell.model.vision') : null,
            model.provider,
          ]}
          testId="model-option"
        />
      ))}
    />
  )
}
