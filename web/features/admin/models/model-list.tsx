import * as Switch from '@radix-ui/react-switch'
import { Boxes, Eye, Pencil, Star } from 'lucide-react'
import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { adminModelTexts, modelDescription, modelName } from '../../models/model-texts'
import { availabilityOf, isBuiltIn } from './availability'
import { isEdited } from './model-form'
import type { AdminModel } from './models-query'
import { formatPrice } from './price'
import '../../../i18n/areas/adminModels'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'
/** A badge holding a sentence: it wraps on a narrow screen rather than run past the card. */
const sentenceBadge = 'inline-flex items-center gap-1 rounded-lg px-2 py-0.5 text-xs font-medium'

interface ListProps {
  models: AdminModel[]
  /** The id whose switch is being saved. */
  switching: string | null
  onToggle: (model: AdminModel, enabled: boolean) => void
  onEdit: (model: AdminModel) => void
}

/** Why a model people cannot use is not in use: the provider's, or Parley's own reason. */
const UNUSED = {
  not_offered: 'adminModels.badge.inactive',
  no_workflow: 'adminModels.badge.noWorkflow',
  demo_off: 'adminModels.badge.demoOff',
} as const

/**
 * Default, built into Parley, not in use (and why), reads images (in the table, which has no column
 * for it), edited.
 */
function Badges({ model, vision }: { model: AdminModel; vision?: boolean }) {
  const t = useT()
  const availability = availabilityOf(model)
  return (
    <>
      {model.isDefault ? (
        <span
          className={`${badge} bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200`}
          data-testid="default-badge"
        >
          <Star className="size-3 fill-current" aria-hidden />
          {t('adminModels.badge.default')}
        </span>
      ) : null}
      {isBuiltIn(model) ? (
        <span
          className={`${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}
          data-testid="built-in-badge"
        >
          <Boxes className="size-3" aria-hidden />
          {t('adminModels.badge.builtIn')}
        </span>
      ) : null}
      {availability in UNUSED ? (
        <span
          className={`${sentenceBadge} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}
          data-testid="unused-badge"
        >
          {t(UNUSED[availability as keyof typeof UNUSED])}
        </span>
      ) : null}
      {vision && model.effective.vision ? (
        <span
          className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`}
        >
          <Eye className="size-3" aria-hidden />
          {t('adminModels.vision.yes')}
        </span>
      ) : null}
      {isEdited(model) ? (
        <span className={`${badge} bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200`}>
          {t('adminModels.badge.edited')}
        </span>
      ) : null}
    </>
  )
}

function EnableSwitch({
  model,
  busy,
  onToggle,
}: {
  model: AdminModel
  busy: boolean
  onToggle: ListProps['onToggle']
}) {
  const t = useT()
  return (
    <Switch.Root
      checked={model.enabled}
      disabled={busy}
      onCheckedChange={(enabled) => onToggle(model, enabled)}
      aria-label={t('adminModels.enable', { name: modelName(adminModelTexts(model)) })}
      data-testid="enable-switch"
      className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 data-[state=checked]:bg-brand dark:bg-zinc-600"
    >
      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
    </Switch.Root>
  )
}

/** In the table an icon (its name as a tooltip), so long languages fit; in the cards with its text. */
function EditButton({
  model,
  onEdit,
  compact,
}: {
  model: AdminModel
  onEdit: ListProps['onEdit']
  compact?: boolean
}) {
  const t = useT()
  const label = t('adminModels.editLabel', { name: modelName(adminModelTexts(model)) })
  return (
    <Button
      variant="outline"
      size={compact ? 'icon' : 'sm'}
      onClick={() => onEdit(model)}
      // Its visible text begins the name, which says which model (several Edit buttons stand together).
      aria-label={label}
      title={compact ? label : undefined}
      data-testid="edit-model"
    >
      <Pencil className="size-3.5" aria-hidden />
      {compact ? null : t('adminModels.edit')}
    </Button>
  )
}

function Prices({ model }: { model: AdminModel }) {
  const t = useT()
  return (
    <span className="tabular-nums">
      {t('adminModels.price.inOut', {
        input: formatPrice(model.effective.inputPrice),
        output: formatPrice(model.effective.outputPrice),
      })}
    </span>
  )
}

/** The catalogue: a table from `md` up, stacked cards below. Disabled rows are dimmed. */
export function ModelList({ models, switching, onToggle, onEdit }: ListProps) {
  const t = useT()
  const cellHead =
    'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400'
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 md:block dark:border-zinc-800">
        <table className="w-full text-sm">
          <thead className="bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className={cellHead}>
                {t('adminModels.col.model')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminModels.col.provider')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminModels.col.prices')}
              </th>
              <th scope="col" className={cellHead}>
                {t('adminModels.col.enabled')}
              </th>
              <th scope="col" className={`${cellHead} text-right`}>
                <span className="sr-only">{t('adminModels.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {models.map((model) => (
              <tr key={model.id} data-testid="model-row" data-model={model.id} data-enabled={model.enabled}>
                <td className="px-3 py-3 align-top">
                  <div className={model.enabled ? '' : 'opacity-60'}>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <span className="font-medium" data-testid="model-name">
                        {modelName(adminModelTexts(model))}
                      </span>
                      <Badges model={model} vision />
                    </div>
                    <div className="mt-0.5 font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
                      {model.id}
                    </div>
                    {modelDescription(adminModelTexts(model)) ? (
                      <p className="mt-1 line-clamp-2 max-w-md text-xs text-zinc-600 dark:text-zinc-400">
                        {modelDescription(adminModelTexts(model))}
                      </p>
                    ) : null}
                  </div>
                </td>
                <td className="px-3 py-3 align-top whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                  {t(`adminModels.provider.${model.provider}`)}
                </td>
                <td className="px-3 py-3 align-top whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                  <div className="tabular-nums">
                    {t('adminModels.price.input', { price: formatPrice(model.effective.inputPrice) })}
                  </div>
                  <div className="tabular-nums">
                    {t('adminModels.price.output', { price: formatPrice(model.effective.outputPrice) })}
                  </div>
                </td>
                <td className="px-3 py-3 align-top">
                  <EnableSwitch model={model} busy={switching === model.id} onToggle={onToggle} />
                </td>
                <td className="px-3 py-2 text-right align-top">
                  <EditButton model={model} onEdit={onEdit} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 md:hidden dark:divide-zinc-800 dark:border-zinc-800">
        {models.map((model) => (
          <li
            key={model.id}
            className="flex flex-col gap-2 px-4 py-3"
            data-testid="model-row"
            data-model={model.id}
            data-enabled={model.enabled}
          >
            <div className="flex items-start gap-3">
              <div className={`min-w-0 flex-1 ${model.enabled ? '' : 'opacity-60'}`}>
                <div className="flex flex-wrap items-center gap-1.5">
                  <span className="font-medium" data-testid="model-name">
                    {modelName(adminModelTexts(model))}
                  </span>
                  <Badges model={model} />
                </div>
                <div className="mt-0.5 font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
                  {model.id} · {t(`adminModels.provider.${model.provider}`)}
                </div>
              </div>
              <EnableSwitch model={model} busy={switching === model.id} onToggle={onToggle} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-700 dark:text-zinc-300">
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                <Prices model={model} />
                <span>
                  {model.effective.vision ? t('adminModels.vision.yes') : t('adminModels.vision.no')}
                </span>
              </span>
              <EditButton model={model} onEdit={onEdit} />
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
