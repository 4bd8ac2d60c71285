import { translationOf } from '../../catalogue'
import type { agents as english } from '../../en/agents'

export const agents = {
  'agents.name.rag': 'Agente RAG',
  'agents.name.jokes': 'Agente dei dipendenti',
  'agents.name.calendar': 'Agente Calendario',
  'agents.short.rag': 'RAG',
  'agents.short.jokes': 'dei dipendenti',
  'agents.short.calendar': 'Calendario',
  'agents.description.rag': 'ricerca di documenti e knowledge base',
  'agents.description.jokes': 'intrattenimento e umorismo',
  'agents.description.calendar': 'integrazione con il servizio di calendario',
  'agents.loadFailed': 'Impossibile caricare gli agenti',
  'agents.switched': 'Passato all’Agente {agent}',
  'agents.switchedUsing': 'Passato all’Agente {agent} (tramite {service})',
  'agents.configure': 'Configura agenti',
  'agents.dropdown.prefix': 'Agente:',
  'agents.dropdown.label': 'Agente: {name}',
  'agents.dropdown.heading': 'Scegli un agente',
  'agents.dropdown.hidden': 'Nascosto',
  'agents.dropdown.configure': 'Configura {name}',
  'agents.dropdown.hide': 'Nascondi {name}',
  'agents.dropdown.show': 'Mostra {name}',
  'agents.saveFailed': 'Impossibile salvare le impostazioni degli agenti',
  'agents.calendarConnected': 'Calendario collegato',
  'agents.calendarFailed': 'Non è stato possibile collegare il calendario',
} as const

translationOf<typeof english>()(agents)
