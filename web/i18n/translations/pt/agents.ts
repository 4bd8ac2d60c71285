import { translationOf } from '../../catalogue'
import type { agents as english } from '../../en/agents'

export const agents = {
  'agents.name.rag': 'Agente RAG',
  'agents.name.jokes': 'Agente dos funcionários',
  'agents.name.calendar': 'Agente de Calendário',
  'agents.short.rag': 'RAG',
  'agents.short.jokes': 'dos funcionários',
  'agents.short.calendar': 'de Calendário',
  'agents.description.rag': 'busca de documentos e base de conhecimento',
  'agents.description.jokes': 'entretenimento e humor',
  'agents.description.calendar': 'integração com o serviço de calendário',
  'agents.loadFailed': 'Não foi possível carregar os agentes',
  'agents.switched': 'Mudou para o Agente {agent}',
  'agents.switchedUsing': 'Mudou para o Agente {agent} (usando {service})',
  'agents.configure': 'Configurar agentes',
  'agents.dropdown.prefix': 'Agente:',
  'agents.dropdown.label': 'Agente: {name}',
  'agents.dropdown.heading': 'Escolha um agente',
  'agents.dropdown.hidden': 'Oculto',
  'agents.dropdown.configure': 'Configurar {name}',
  'agents.dropdown.hide': 'Ocultar {name}',
  'agents.dropdown.show': 'Mostrar {name}',
  'agents.saveFailed': 'Não foi possível salvar as configurações dos agentes',
  'agents.calendarConnected': 'Calendário conectado',
  'agents.calendarFailed': 'Não foi possível conectar o calendário',
} as const

translationOf<typeof english>()(agents)
