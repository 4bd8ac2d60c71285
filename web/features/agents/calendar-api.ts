import { t } from '../../i18n/i18n'
import { type Agent, type CalendarOAuthChange, request } from './agents-api'
import '../../i18n/areas/agentSettings'

// The calendar agent's OAuth client and connection: used by its dialog (and the one-time import),
// so it stays out of the chat page's first download.

export function saveCalendarOAuth(change: CalendarOAuthChange): Promise<Agent> {
  return request('PUT', '/api/agents/calendar/oauth', t('agentSettings.calendar.saveFailed'), change)
}

export function startCalendarConnection(): Promise<{ authorizeUrl: string }> {
  return request('POST', '/api/agents/calendar/connect', t('agentSettings.calendar.connectFailed'))
}

export function disconnectCalendar(): Promise<unknown> {
  return request('DELETE', '/api/agents/calendar/connection', t('agentSettings.calendar.disconnectFailed'))
}
