import { translationOf } from '../../catalogue'
import type { agents as english } from '../../en/agents'

export const agents = {
  'agents.name.rag': 'Agente RAG',
  'agents.name.jokes': 'Agente de empleados',
  'agents.name.calendar': 'Agente de calendario',
  'agents.short.rag': 'RAG',
  'agents.short.jokes': 'de empleados',
  'agents.short.calendar': 'de calendario',
  'agents.description.rag': 'búsqueda de documentos y base de conocimiento',
  'agents.description.jokes': 'entretenimiento y humor',
  'agents.description.calendar': 'integración con el servicio de calendario',
  'agents.loadFailed': 'No se pudieron cargar los agentes',
  'agents.switched': 'Cambiado al Agente {agent}',
  'agents.switchedUsing': 'Cambiado al Agente {agent} (con {service})',
  'agents.configure': 'Configurar agentes',
  'agents.dropdown.prefix': 'Agente:',
  'agents.dropdown.label': 'Agente: {name}',
  'agents.dropdown.heading': 'Elige un agente',
  'agents.dropdown.hidden': 'Oculto',
  'agents.dropdown.configure': 'Configurar {name}',
  'agents.dropdown.hide': 'Ocultar {name}',
  'agents.dropdown.show': 'Mostrar {name}',
  'agents.saveFailed': 'No se pudieron guardar los ajustes de agentes',
  'agents.calendarConnected': 'Calendario conectado',
  'agents.calendarFailed': 'No se pudo conectar el calendario',
} as const

translationOf<typeof english>()(agents)
