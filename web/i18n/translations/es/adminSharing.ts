import { translationOf } from '../../catalogue'
import type { adminSharing as english } from '../../en/adminSharing'

/** Admin › Sharing (issue 32): every share link, revoking any, and whether public links are allowed. */
export const adminSharing = {
  'adminSharing.intro':
    'Enlaces que las personas crearon para compartir sus chats. Al revocar uno, deja de funcionar al instante.',
  'adminSharing.public.title': 'Enlaces públicos',
  'adminSharing.public.label': 'Permitir enlaces públicos',
  'adminSharing.public.hint':
    'Enlaces que cualquiera puede abrir sin iniciar sesión. Al desactivarlos, todos los enlaces públicos dejan de funcionar al instante.',
  'adminSharing.public.loadFailed': 'No se pudo saber si los enlaces públicos están permitidos',
  'adminSharing.public.saveFailed': 'No se pudo guardar el ajuste',
  'adminSharing.public.turnedOn': 'Los enlaces públicos están permitidos',
  'adminSharing.public.turnedOff': 'Los enlaces públicos están desactivados',
  'adminSharing.off.title': '¿Detener todos los enlaces públicos?',
  'adminSharing.off.body':
    '{count, plural, one {# enlace público deja de funcionar al instante.} other {# enlaces públicos dejan de funcionar al instante.}} Si más adelante vuelves a permitir los enlaces públicos, los que no se hayan revocado ni hayan caducado volverán a funcionar.',
  'adminSharing.off.confirm': 'Detener enlaces públicos',
  'adminSharing.links.title': 'Enlaces',
  'adminSharing.links.empty': 'Nadie ha compartido un chat todavía.',
  'adminSharing.links.loadFailed': 'No se pudieron cargar los enlaces',
  'adminSharing.links.newest': 'Se muestran los {count} enlaces más recientes.',
  'adminSharing.links.views': 'Visitas',
  'adminSharing.links.created': 'Creado',
  'adminSharing.links.expires': 'Caduca',
  'adminSharing.links.never': 'Nunca',
  'adminSharing.links.revoke': 'Revocar',
  'adminSharing.links.revokeLabel': 'Revocar el enlace a «{title}» de {owner}',
  'adminSharing.audience.organization': 'Organización',
  'adminSharing.audience.public': 'Público',
  'adminSharing.state.active': 'Activo',
  'adminSharing.state.paused': 'En pausa',
  'adminSharing.state.pausedHint':
    'Los enlaces públicos están desactivados. Volverá a funcionar cuando se permitan.',
  'adminSharing.state.expired': 'Caducado',
  'adminSharing.state.revoked': 'Revocado',
  'adminSharing.revoke.title': '¿Revocar el enlace a «{title}»?',
  'adminSharing.revoke.body':
    'Deja de funcionar al instante para todas las personas que lo tengan. {owner} puede crear un nuevo enlace al chat.',
  'adminSharing.revoke.confirm': 'Revocar enlace',
  'adminSharing.revoke.done': 'Enlace revocado',
  'adminSharing.revoke.failed': 'No se pudo revocar el enlace',
} as const

translationOf<typeof english>()(adminSharing)
