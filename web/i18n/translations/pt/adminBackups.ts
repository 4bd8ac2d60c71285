import { translationOf } from '../../catalogue'
import type { adminBackups as english } from '../../en/adminBackups'

/** Admin › Backups (issue 33): the schedule, Back up now, and the list of archives. */
export const adminBackups = {
  'adminBackups.intro':
    'Os backups guardam cada conversa, arquivo e configuração. Eles são gravados na pasta de dados do servidor (DATA_DIR/backups).',
  'adminBackups.introBucket':
    'Os backups guardam cada conversa, arquivo e configuração. Eles são enviados ao bucket S3 {bucket}, em backups/.',
  'adminBackups.failure': 'O último backup falhou ({time}): {message}',
  'adminBackups.loadFailed': 'Não foi possível carregar os backups',
  'adminBackups.schedule.title': 'Agendamento',
  'adminBackups.schedule.label': 'Backups automáticos',
  'adminBackups.schedule.daily': 'Todos os dias',
  'adminBackups.schedule.off': 'Desativados',
  'adminBackups.schedule.offHint': 'Sem backups automáticos: use Fazer backup agora.',
  'adminBackups.keep.label': 'Backups agendados a manter',
  'adminBackups.keep.hint':
    'Backups agendados mais antigos são excluídos. Os feitos com Fazer backup agora ou antes de uma atualização são mantidos.',
  'adminBackups.keep.invalid': 'Digite um número inteiro de {min} a {max}.',
  'adminBackups.next': 'Próximo backup: {time}',
  'adminBackups.save': 'Salvar',
  'adminBackups.saved': 'Agendamento de backups salvo',
  'adminBackups.saveFailed': 'Não foi possível salvar o agendamento de backups',
  'adminBackups.list.title': 'Backups',
  'adminBackups.now': 'Fazer backup agora',
  'adminBackups.started': 'Backup iniciado',
  'adminBackups.startFailed': 'Não foi possível iniciar o backup',
  'adminBackups.empty': 'Nenhum backup ainda.',
  'adminBackups.trigger.manual': 'Manual',
  'adminBackups.trigger.schedule': 'Agendado',
  'adminBackups.trigger.other': 'Linha de comando ou atualização',
  'adminBackups.status.running': 'Em andamento…',
  'adminBackups.status.done': 'Concluído',
  'adminBackups.status.failed': 'Falhou',
  'adminBackups.download': 'Transferir',
  'adminBackups.downloadLabel': 'Transferir o backup de {time}',
  'adminBackups.delete': 'Eliminar',
  'adminBackups.deleteLabel': 'Eliminar o backup de {time}',
  'adminBackups.deleteConfirm.title': 'Eliminar este backup?',
  'adminBackups.deleteConfirm.body':
    'O backup de {time} ({size}) é eliminado do servidor. Esta ação não pode ser anulada.',
  'adminBackups.deleteConfirm.confirm': 'Eliminar backup',
  'adminBackups.deleted': 'Backup eliminado',
  'adminBackups.deleteFailed': 'Não foi possível eliminar o backup',
} as const

translationOf<typeof english>()(adminBackups)
