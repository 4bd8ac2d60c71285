import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { t } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { agentsQuery } from './agents-api'
import { closeAgentsScreen, resumeAgentsAfterCalendar, useAgentsScreen } from './agents-ui'
import '../../i18n/areas/agents'
import { lazyComponent } from '../../lib/lazy-component'

// Fetched when first opened: the chat page's first download does not grow.
const AgentConfigDialog = lazyComponent(() => import('./agent-config-dialog'))
const CalendarConfigDialog = lazyComponent(() => import('./calendar-config-dialog'))

/** Shows whichever agent dialog is open (agents-ui.ts), and greets the return from the calendar provider. */
export function AgentsHost() {
  useCalendarReturn()
  const screen = useAgentsScreen()
  if (!screen) return null
  const close = closeAgentsScreen
  return (
    <>
      {screen === 'config' ? <AgentConfigDialog onClose={close} /> : <CalendarConfigDialog onClose={close} />}
    </>
  )
}

/**
 * The calendar provider sends the browser back to `/?calendar=connected` or `?calendar=failed`:
 * say how it went, read the agents again, take the parameter out of the address, and reopen Agent
 * Configuration when the trip started there with changes not yet saved.
 */
function useCalendarReturn() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const url = new URL(window.location.href)
    const outcome = url.searchParams.get('calendar')
    if (outcome !== 'connected' && outcome !== 'failed') return
    url.searchParams.delete('calendar')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    void queryClient.invalidateQueries({ queryKey: agentsQuery.queryKey })
    if (outcome === 'connected') toast.success(t('agents.calendarConnected'))
    else toast.error(t('agents.calendarFailed'))
    // Agent Configuration's unsaved changes, left for the calendar, wait to be saved.
    resumeAgentsAfterCalendar()
  }, [queryClient])
}
