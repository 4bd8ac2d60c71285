import { useId, useState } from 'react'
import { fillVariables } from '../../../src/prompts/variables'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { VARIABLE_EXAMPLE } from './prompt-text'
import '../../i18n/areas/prompts'

/**
 * One field per variable; 'Insert into chat' replaces each {NAME} (any case) with its value and
 * hands the finished text on. The first field takes the focus, Enter in the last one inserts.
 */
export function VariablesForm({
  text,
  variables,
  onInsert,
  autoFocus = true,
}: {
  text: string
  variables: string[]
  onInsert: (text: string) => void
  autoFocus?: boolean
}) {
  const t = useT()
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({})
  return (
    <form
      data-testid="prompt-variables-form"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        // React events cross portals: the submit must not reach a form around the one that holds this.
        event.stopPropagation()
        onInsert(fillVariables(text, values))
      }}
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('prompts.fill.description', { example: VARIABLE_EXAMPLE })}
      </p>
      {variables.map((name, index) => (
        <div key={name}>
          <Label htmlFor={`${id}-${name}`} className="font-mono text-xs">{`{${name}}`}</Label>
          <Input
            id={`${id}-${name}`}
            autoFocus={autoFocus && index === 0}
            value={values[name] ?? ''}
            placeholder={t('prompts.fill.placeholder', { name })}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        </div>
      ))}
      <Button type="submit" data-testid="prompt-insert" className="self-end">
        {t('prompts.fill.insert')}
      </Button>
    </form>
  )
}
