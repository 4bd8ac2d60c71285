import '../../i18n/areas/knowledge'
import { useT } from '../../i18n/i18n'
import { Input, Label } from '../../ui/input'

/** The comma-separated tags of an entry (Create Knowledge Entry and Export Chat share it). */
export function TagsField({
  id,
  value,
  onChange,
  testId,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  testId: string
}) {
  const t = useT()
  return (
    <div>
      <Label htmlFor={id}>{t('knowledge.form.tags')}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('knowledge.form.tagsPlaceholder')}
        data-testid={testId}
      />
    </div>
  )
}

/** 'Share with team' and its note, which says who can read a shared entry. */
export function SharedCheckbox({
  id,
  checked,
  onChange,
  testId,
}: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
  testId: string
}) {
  const t = useT()
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-note`}
        className="mt-0.5 size-4 accent-brand"
        data-testid={testId}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {t('knowledge.form.shared')}
        </label>
        <p id={`${id}-note`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('knowledge.form.sharedNote')}
        </p>
      </div>
    </div>
  )
}
