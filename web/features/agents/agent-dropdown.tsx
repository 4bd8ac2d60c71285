import { Bot, Eye, EyeOff, Settings2, SlidersHorizontal } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuItemClass } from '../../ui/menu'
import { PickerMenu, PickerOption } from '../../ui/picker-menu'
import { agentDescription, agentName } from './agent-names'
import type { Agent } from './agents-api'
import { configureAgent, openAgentsScreen } from './agents-ui'
import '../../i18n/areas/agents'

const iconItemClass =
  'flex size-8 shrink-0 cursor-default items-center justify-center rounded-md text-zinc-600 outline-none data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900 dark:text-zinc-400 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-zinc-100'

/**
 * 'Agent:' and the chosen agent (spec section 2, 'Agent dropdown'). Each enabled agent has a
 * Configure button (only with configuration) and Hide/Show; a hidden agent is greyed out and
 * cannot be chosen. The caller leaves it out when no agent is visible.
 */
export function AgentDropdown({
  agents,
  selected,
  onChoose,
  onSetVisible,
}: {
  agents: Agent[]
  selected: Agent | null
  onChoose: (agent: Agent) => void
  onSetVisible: (agent: Agent, visible: boolean) => void
}) {
  const t = useT()
  return (
    <PickerMenu
      value={selected?.id ?? ''}
      onValueChange={(id) => {
        const agent = agents.find((candidate) => candidate.id === id)
        if (agent) onChoose(agent)
      }}
      icon={<Bot className="size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden />}
      prefix={
        <span className="hidden text-zinc-600 sm:inline dark:text-zinc-400">
          {t('agents.dropdown.prefix')}
        </span>
      }
      chosen={selected ? agentName(selected) : ''}
      heading={t('agents.dropdown.heading')}
      triggerLabel={t('agents.dropdown.label', { name: selected ? agentName(selected) : '' })}
      // Room for 'Agent :' and the longest agent name in the six languages ('Agente dos funcionários').
      triggerClassName="max-w-36 shrink-0 sm:max-w-72"
      menuClassName="max-h-96 w-80 max-w-[calc(100vw-1rem)]"
      collisionPadding={8}
      testId="agent-dropdown"
      menuTestId="agent-menu"
      options={agents.map((agent) => (
        <div
          key={agent.id}
          className="flex items-start gap-0.5"
          data-testid="agent-option"
          data-agent={agent.id}
          data-hidden={agent.visible ? undefined : 'true'}
        >
          <PickerOption
            value={agent.id}
            name={agentName(agent)}
            notes={[agent.visible ? agentDescription(agent) : t('agents.dropdown.hidden')]}
            disabled={!agent.visible}
            className="min-w-0 flex-1"
            testId="agent-choose"
          />
          {agent.hasConfig ? (
            <DropdownMenu.Item
              className={iconItemClass}
              onSelect={() => configureAgent(agent.id)}
              aria-label={t('agents.dropdown.configure', { name: agentName(agent) })}
              title={t('agents.dropdown.configure', { name: agentName(agent) })}
              data-testid="agent-configure"
            >
              <Settings2 className="size-4" aria-hidden />
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            className={iconItemClass}
            // The menu stays open: hiding several agents is one visit.
            onSelect={(event) => {
              event.preventDefault()
              onSetVisible(agent, !agent.visible)
            }}
            aria-label={
              agent.visible
                ? t('agents.dropdown.hide', { name: agentName(agent) })
                : t('agents.dropdown.show', { name: agentName(agent) })
            }
            title={
              agent.visible
                ? t('agents.dropdown.hide', { name: agentName(agent) })
                : t('agents.dropdown.show', { name: agentName(agent) })
            }
            data-testid="agent-visibility"
            data-visible={agent.visible ? 'true' : 'false'}
          >
            {agent.visible ? (
              <Eye className="size-4" aria-hidden />
            ) : (
              <EyeOff className="size-4" aria-hidden />
            )}
          </DropdownMenu.Item>
        </div>
      ))}
    >
      <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
      <DropdownMenu.Item
        className={menuItemClass}
        onSelect={() => openAgentsScreen('config')}
        data-testid="agent-configure-all"
      >
        <SlidersHorizontal className="size-4" aria-hidden /> {t('agents.configure')}
      </DropdownMenu.Item>
    </PickerMenu>
  )
}
