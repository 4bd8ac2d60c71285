import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { cn } from '../../../lib/cn'
import { Input } from '../../../ui/input'
import '../../../i18n/areas/admin'

/** Matches 'new york' and 'new_york' alike, anywhere in the name. */
function matches(zone: string, text: string) {
  const wanted = text.trim().toLowerCase().replaceAll(' ', '_')
  return zone.toLowerCase().includes(wanted)
}

/**
 * A searchable list of IANA time zones (WAI-ARIA combobox): type to filter, arrows and Enter to
 * pick, Escape to close. The typed text is the value; the form says when it is not a known zone.
 */
export function TimeZoneCombobox({
  id,
  value,
  zones,
  describedBy,
  invalid,
  onChange,
}: {
  id: string
  value: string
  zones: readonly string[]
  describedBy?: string
  invalid?: boolean
  onChange: (zone: string) => void
}) {
  const t = useT()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState(false)
  const [active, setActive] = useState(0)
  const options = useMemo(
    () => (typed ? zones.filter((zone) => matches(zone, value)) : zones),
    [typed, value, zones],
  )

  function show() {
    setOpen(true)
    setTyped(false)
    setActive(Math.max(0, zones.indexOf(value)))
  }
  function pick(zone: string) {
    onChange(zone)
    setOpen(false)
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return show()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.min(options.length - 1, Math.max(0, index + step)))
    } else if (event.key === 'Enter' && open && options[active]) {
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const optionId = (index: number) => `${listId}-${index}`
  return (
    <div className="relative max-w-sm">
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value}
        onFocus={show}
        onClick={() => !open && show()}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          onChange(event.target.value)
          setTyped(true)
          setActive(0)
          setOpen(true)
        }}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('admin.budgets.timeZone')}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.length === 0 ? (
            <div className="px-3 py-2 text-zinc-600 dark:text-zinc-400">
              {t('admin.budgets.timeZoneNone')}
            </div>
          ) : (
            options.map((zone, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys stay with the input (aria-activedescendant)
              <div
                key={zone}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={zone === value}
                ref={index === active ? (node) => node?.scrollIntoView({ block: 'nearest' }) : undefined}
                // Before the input's blur, so the pick lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(zone)}
                className={cn(
                  'cursor-pointer px-3 py-1.5',
                  index === active && 'bg-zinc-100 dark:bg-zinc-800',
                  zone === value && 'font-semibold',
                )}
              >
                {zone}
              </div>
            ))
          )}
        </div>
      )}
    </div>
  )
}
