import { translationOf } from '../../catalogue'
import type { adminSharing as english } from '../../en/adminSharing'

/** Admin › Sharing (issue 32): every share link, revoking any, and whether public links are allowed. */
export const adminSharing = {
  'adminSharing.intro':
    'I link di condivisione creati per le chat. Un link revocato smette subito di funzionare.',
  'adminSharing.public.title': 'Link pubblici',
  'adminSharing.public.label': 'Consenti i link pubblici',
  'adminSharing.public.hint':
    'Link che chiunque può aprire senza accedere. Disattivandoli, tutti i link pubblici smettono subito di funzionare.',
  'adminSharing.public.loadFailed': 'Non è stato possibile sapere se i link pubblici sono consentiti',
  'adminSharing.public.saveFailed': 'Non è stato possibile salvare l’impostazione',
  'adminSharing.public.turnedOn': 'I link pubblici sono consentiti',
  'adminSharing.public.turnedOff': 'I link pubblici sono disattivati',
  'adminSharing.off.title': 'Fermare tutti i link pubblici?',
  'adminSharing.off.body':
    '{count, plural, one {# link pubblico smette subito di funzionare.} other {# link pubblici smettono subito di funzionare.}} Se in seguito consenti di nuovo i link pubblici, quelli non revocati e non scaduti torneranno a funzionare.',
  'adminSharing.off.confirm': 'Ferma i link pubblici',
  'adminSharing.links.title': 'Link',
  'adminSharing.links.empty': 'Nessuno ha ancora condiviso una chat.',
  'adminSharing.links.loadFailed': 'Non è stato possibile caricare i link',
  'adminSharing.links.newest': 'Sono mostrati i {count} link più recenti.',
  'adminSharing.links.views': 'Visualizzazioni',
  'adminSharing.links.created': 'Creato',
  'adminSharing.links.expires': 'Scade',
  'adminSharing.links.never': 'Mai',
  'adminSharing.links.revoke': 'Revoca',
  'adminSharing.links.revokeLabel': 'Revoca il link a «{title}» di {owner}',
  'adminSharing.audience.organization': 'Organizzazione',
  'adminSharing.audience.public': 'Pubblico',
  'adminSharing.state.active': 'Attivo',
  'adminSharing.state.paused': 'In pausa',
  'adminSharing.state.pausedHint':
    'I link pubblici sono disattivati. Tornerà a funzionare quando saranno consentiti.',
  'adminSharing.state.expired': 'Scaduto',
  'adminSharing.state.revoked': 'Revocato',
  'adminSharing.revoke.title': 'Revocare il link a «{title}»?',
  'adminSharing.revoke.body':
    'Smette subito di funzionare per chiunque lo abbia. {owner} può creare un nuovo link alla chat.',
  'adminSharing.revoke.confirm': 'Revoca link',
  'adminSharing.revoke.done': 'Link revocato',
  'adminSharing.revoke.failed': 'Non è stato possibile revocare il link',
} as const

translationOf<typeof english>()(adminSharing)
