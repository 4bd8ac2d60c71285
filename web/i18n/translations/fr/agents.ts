import { translationOf } from '../../catalogue'
import type { agents as english } from '../../en/agents'

export const agents = {
  'agents.name.rag': 'Agent RAG',
  'agents.name.jokes': 'Agent des employés',
  'agents.name.calendar': 'Agent Calendrier',
  'agents.short.rag': 'RAG',
  'agents.short.jokes': 'des employés',
  'agents.short.calendar': 'Calendrier',
  'agents.description.rag': 'recherche documentaire et base de connaissances',
  'agents.description.jokes': 'divertissement et humour',
  'agents.description.calendar': 'intégration du service de calendrier',
  'agents.loadFailed': 'Impossible de charger les agents',
  'agents.switched': 'Passage à l’Agent {agent}',
  'agents.switchedUsing': 'Passage à l’Agent {agent} (via {service})',
  'agents.configure': 'Configurer les agents',
  'agents.dropdown.prefix': 'Agent\u00a0:',
  'agents.dropdown.label': 'Agent : {name}',
  'agents.dropdown.heading': 'Choisissez un agent',
  'agents.dropdown.hidden': 'Masqué',
  'agents.dropdown.configure': 'Configurer {name}',
  'agents.dropdown.hide': 'Masquer {name}',
  'agents.dropdown.show': 'Afficher {name}',
  'agents.saveFailed': 'Impossible d’enregistrer les paramètres des agents',
  'agents.calendarConnected': 'Calendrier connecté',
  'agents.calendarFailed': 'Le calendrier n’a pas pu être connecté',
} as const

translationOf<typeof english>()(agents)
