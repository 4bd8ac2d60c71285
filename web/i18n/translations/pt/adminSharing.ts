import { translationOf } from '../../catalogue'
import type { adminSharing as english } from '../../en/adminSharing'

/** Admin › Sharing (issue 32): every share link, revoking any, and whether public links are allowed. */
export const adminSharing = {
  'adminSharing.intro':
    'Links de compartilhamento criados para as conversas. Um link revogado deixa de funcionar na hora.',
  'adminSharing.public.title': 'Links públicos',
  'adminSharing.public.label': 'Permitir links públicos',
  'adminSharing.public.hint':
    'Links que qualquer pessoa pode abrir sem entrar. Ao desativar, todos os links públicos param de funcionar na hora.',
  'adminSharing.public.loadFailed': 'Não foi possível saber se os links públicos são permitidos',
  'adminSharing.public.saveFailed': 'Não foi possível salvar a configuração',
  'adminSharing.public.turnedOn': 'Os links públicos estão permitidos',
  'adminSharing.public.turnedOff': 'Os links públicos estão desativados',
  'adminSharing.off.title': 'Parar todos os links públicos?',
  'adminSharing.off.body':
    '{count, plural, one {# link público para de funcionar na hora.} other {# links públicos param de funcionar na hora.}} Se você permitir links públicos de novo mais tarde, os que não foram revogados nem expiraram voltam a funcionar.',
  'adminSharing.off.confirm': 'Parar links públicos',
  'adminSharing.links.title': 'Links',
  'adminSharing.links.empty': 'Ninguém compartilhou uma conversa ainda.',
  'adminSharing.links.loadFailed': 'Não foi possível carregar os links',
  'adminSharing.links.newest': 'Mostrando os {count} links mais recentes.',
  'adminSharing.links.views': 'Visualizações',
  'adminSharing.links.created': 'Criado',
  'adminSharing.links.expires': 'Expira',
  'adminSharing.links.never': 'Nunca',
  'adminSharing.links.revoke': 'Revogar',
  'adminSharing.links.revokeLabel': 'Revogar o link para “{title}” de {owner}',
  'adminSharing.audience.organization': 'Organização',
  'adminSharing.audience.public': 'Público',
  'adminSharing.state.active': 'Ativo',
  'adminSharing.state.paused': 'Pausado',
  'adminSharing.state.pausedHint':
    'Os links públicos estão desativados. Ele volta a funcionar quando forem permitidos.',
  'adminSharing.state.expired': 'Expirado',
  'adminSharing.state.revoked': 'Revogado',
  'adminSharing.revoke.title': 'Revogar o link para “{title}”?',
  'adminSharing.revoke.body':
    'Ele para de funcionar na hora para todos que o têm. {owner} pode criar um novo link para a conversa.',
  'adminSharing.revoke.confirm': 'Revogar link',
  'adminSharing.revoke.done': 'Link revogado',
  'adminSharing.revoke.failed': 'Não foi possível revogar o link',
} as const

translationOf<typeof english>()(adminSharing)
