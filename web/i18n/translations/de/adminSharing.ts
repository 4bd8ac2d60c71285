import { translationOf } from '../../catalogue'
import type { adminSharing as english } from '../../en/adminSharing'

/** Admin › Sharing (issue 32): every share link, revoking any, and whether public links are allowed. */
export const adminSharing = {
  'adminSharing.intro':
    'Freigabelinks, die Personen zu ihren Chats erstellt haben. Ein widerrufener Link funktioniert sofort nicht mehr.',
  'adminSharing.public.title': 'Öffentliche Links',
  'adminSharing.public.label': 'Öffentliche Links erlauben',
  'adminSharing.public.hint':
    'Links, die jede Person ohne Anmeldung öffnen kann. Schaltest du das aus, funktioniert sofort kein öffentlicher Link mehr.',
  'adminSharing.public.loadFailed': 'Es konnte nicht gelesen werden, ob öffentliche Links erlaubt sind',
  'adminSharing.public.saveFailed': 'Die Einstellung konnte nicht gespeichert werden',
  'adminSharing.public.turnedOn': 'Öffentliche Links sind erlaubt',
  'adminSharing.public.turnedOff': 'Öffentliche Links sind aus',
  'adminSharing.off.title': 'Alle öffentlichen Links stoppen?',
  'adminSharing.off.body':
    '{count, plural, one {# öffentlicher Link funktioniert sofort nicht mehr.} other {# öffentliche Links funktionieren sofort nicht mehr.}} Erlaubst du öffentliche Links später wieder, funktionieren alle, die nicht widerrufen wurden und nicht abgelaufen sind, wieder.',
  'adminSharing.off.confirm': 'Öffentliche Links stoppen',
  'adminSharing.links.title': 'Links',
  'adminSharing.links.empty': 'Bisher hat niemand einen Chat geteilt.',
  'adminSharing.links.loadFailed': 'Die Links konnten nicht geladen werden',
  'adminSharing.links.newest': 'Angezeigt werden die {count} neuesten Links.',
  'adminSharing.links.views': 'Aufrufe',
  'adminSharing.links.created': 'Erstellt',
  'adminSharing.links.expires': 'Läuft ab',
  'adminSharing.links.never': 'Nie',
  'adminSharing.links.revoke': 'Widerrufen',
  'adminSharing.links.revokeLabel': 'Link zu „{title}“ von {owner} widerrufen',
  'adminSharing.audience.organization': 'Organisation',
  'adminSharing.audience.public': 'Öffentlich',
  'adminSharing.state.active': 'Aktiv',
  'adminSharing.state.paused': 'Pausiert',
  'adminSharing.state.pausedHint':
    'Öffentliche Links sind aus. Er funktioniert wieder, sobald sie erlaubt sind.',
  'adminSharing.state.expired': 'Abgelaufen',
  'adminSharing.state.revoked': 'Widerrufen',
  'adminSharing.revoke.title': 'Link zu „{title}“ widerrufen?',
  'adminSharing.revoke.body':
    'Er funktioniert sofort nicht mehr – für alle, die ihn haben. {owner} kann einen neuen Link zum Chat erstellen.',
  'adminSharing.revoke.confirm': 'Link widerrufen',
  'adminSharing.revoke.done': 'Link widerrufen',
  'adminSharing.revoke.failed': 'Der Link konnte nicht widerrufen werden',
} as const

translationOf<typeof english>()(adminSharing)
