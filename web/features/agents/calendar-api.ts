import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { type Agent, type CalendarOAuthChange, dataOf } from './agents-api'
import '../../i18n/areas/agentSettings'

// The calendar agent's OAuth client and connection: used by its dialog (and the one-time import),
// so it stays out of the chat page's first download.

export function saveCalendarOAuth(change: CalendarOAuthChange): Promise<Agent> {
  return dataOf(api.agents.calendar.oauth.put(change), t('agentSettings.calendar.saveFailed'))
}

export function startCalendarConnection(): Promise<{ authorizeUrl: string }> {
  return dataOf(api.agents.calendar.connect.post(), t('agentSettings.calendar.connectFailed'))
}

export function disconnectCalendar(): Promise<unknown> {
  return dataOf(api.agents.calendar.connection.delete(), t('agentSettings.calendar.disconnectFailed'))
}
