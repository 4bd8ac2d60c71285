import { translationOf } from '../../catalogue'
import type { adminApiKeys as english } from '../../en/adminApiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const adminApiKeys = {
  'adminApiKeys.intro':
    'L’API del team permette di usare Parley da script e strumenti con chiavi personali. Valgono l’accesso ai modelli e i budget di ciascuno, e ogni chiamata viene registrata in Utilizzo.',
  'adminApiKeys.access.title': 'Accesso',
  'adminApiKeys.access.enabled': 'API del team attiva',
  'adminApiKeys.access.enabledHint':
    'Disattivata: nessuna chiave funziona, nessuna viene eliminata e nessuno può crearne.',
  'adminApiKeys.access.fromEnvironment':
    'Al momento lo stabilisce l’impostazione API_KEYS del server, finché non salvi qui.',
  'adminApiKeys.access.who': 'Chi può usarla',
  'adminApiKeys.access.everyone': 'Tutti',
  'adminApiKeys.access.groups': 'Solo questi gruppi',
  'adminApiKeys.access.groupsLabel': 'Gruppi',
  'adminApiKeys.access.noGroups': 'Non ci sono ancora gruppi. Creane prima uno in Amministrazione › Gruppi.',
  'adminApiKeys.access.chooseGroup': 'Scegli almeno un gruppo',
  'adminApiKeys.access.save': 'Salva',
  'adminApiKeys.access.saved': 'Accesso all’API salvato',
  'adminApiKeys.access.saveFailed': 'Impossibile salvare l’accesso all’API',
  'adminApiKeys.access.loadFailed': 'Impossibile caricare l’accesso all’API',
  'adminApiKeys.keys.title': 'Chiavi',
  'adminApiKeys.keys.loadFailed': 'Impossibile caricare le chiavi',
  'adminApiKeys.keys.empty': 'Nessuno ha ancora creato una chiave API.',
  'adminApiKeys.keys.lastUsed': 'Ultimo uso',
  'adminApiKeys.keys.spend': 'Spesa questo mese',
  'adminApiKeys.keys.never': 'Mai',
  'adminApiKeys.keys.limit': 'su {limit}',
  'adminApiKeys.keys.revoked': 'Revocata il {date}',
  'adminApiKeys.keys.expired': 'Scaduta il {date}',
  'adminApiKeys.keys.revoke': 'Revoca',
  'adminApiKeys.keys.revokeLabel': 'Revoca «{name}» di {owner}',
  'adminApiKeys.keys.revokeTitle': 'Revocare «{name}»?',
  'adminApiKeys.keys.revokeBody':
    'La chiave di {owner} smette subito di funzionare, su tutte le istanze. L’azione viene annotata nel registro di controllo e non si può annullare.',
  'adminApiKeys.keys.revokeConfirm': 'Revoca chiave',
  'adminApiKeys.keys.revokedToast': 'Chiave revocata',
  'adminApiKeys.keys.revokeFailed': 'Impossibile revocare la chiave',
} as const

translationOf<typeof english>()(adminApiKeys)
