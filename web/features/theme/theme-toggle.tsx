import { Check, Monitor, Moon, Sun } from 'lucide-react'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { type ThemePreference, useThemePreference } from './theme'
import '../../i18n/areas/shell'

const OPTIONS = [
  { value: 'light', label: 'shell.theme.light', Icon: Sun },
  { value: 'dark', label: 'shell.theme.dark', Icon: Moon },
  { value: 'system', label: 'shell.theme.system', Icon: Monitor },
] as const satisfies readonly { value: ThemePreference; label: MessageId; Icon: typeof Sun }[]

/** Light / dark / system. The caller remembers the choice (this browser and the profile). */
export function ThemeToggle({ onChange }: { onChange: (preference: ThemePreference) => void }) {
  const t = useT()
  const preference = useThemePreference()
  const Current = OPTIONS.find((option) => option.value === preference)?.Icon ?? Monitor
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shell.theme.current', { theme: preference })}
          data-testid="theme-toggle"
        >
          <Current className="size-5" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${menuContentClass} min-w-36`}>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => onChange(value as ThemePreference)}
          >
            {OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={menuItemClass}>
                <Icon className="size-4" aria-hidden />
                <span className="flex-1">{t(label)}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
