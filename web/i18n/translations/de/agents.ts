import { translationOf } from '../../catalogue'
import type { agents as english } from '../../en/agents'

export const agents = {
  'agents.name.rag': 'RAG-Agent',
  'agents.name.jokes': 'Mitarbeiter-Agent',
  'agents.name.calendar': 'Kalender-Agent',
  'agents.short.rag': 'RAG',
  'agents.short.jokes': 'Mitarbeiter',
  'agents.short.calendar': 'Kalender',
  'agents.description.rag': 'Dokumentsuche & Wissensdatenbank',
  'agents.description.jokes': 'Unterhaltung & Humor',
  'agents.description.calendar': 'Anbindung des Kalenderdienstes',
  'agents.loadFailed': 'Agenten konnten nicht geladen werden',
  'agents.switched': 'Zum {agent}-Agent gewechselt',
  'agents.switchedUsing': 'Zum {agent}-Agent gewechselt (über {service})',
  'agents.configure': 'Agenten konfigurieren',
  'agents.dropdown.prefix': 'Agent:',
  'agents.dropdown.label': 'Agent: {name}',
  'agents.dropdown.heading': 'Agent wählen',
  'agents.dropdown.hidden': 'Ausgeblendet',
  'agents.dropdown.configure': '{name} konfigurieren',
  'agents.dropdown.hide': '{name} ausblenden',
  'agents.dropdown.show': '{name} einblenden',
  'agents.saveFailed': 'Agenten-Einstellungen konnten nicht gespeichert werden',
  'agents.calendarConnected': 'Kalender verbunden',
  'agents.calendarFailed': 'Der Kalender konnte nicht verbunden werden',
} as const

translationOf<typeof english>()(agents)
