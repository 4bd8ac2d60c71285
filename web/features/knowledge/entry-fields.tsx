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
