import { translationOf } from '../../catalogue'
import type { adminApiKeys as english } from '../../en/adminApiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const adminApiKeys = {
  'adminApiKeys.intro':
    'Mit der Team-API nutzen Personen Parley aus Skripten und Werkzeugen mit persönlichen Schlüsseln. Ihr Modellzugriff und ihre Budgets gelten, und jeder Aufruf wird unter Nutzung erfasst.',
  'adminApiKeys.access.title': 'Zugriff',
  'adminApiKeys.access.enabled': 'Team-API eingeschaltet',
  'adminApiKeys.access.enabledHint':
    'Aus: Kein Schlüssel funktioniert, keiner wird gelöscht, und niemand kann einen erstellen.',
  'adminApiKeys.access.fromEnvironment':
    'Derzeit durch die Servereinstellung API_KEYS festgelegt, bis du hier speicherst.',
  'adminApiKeys.access.who': 'Wer sie nutzen darf',
  'adminApiKeys.access.everyone': 'Alle',
  'adminApiKeys.access.groups': 'Nur diese Gruppen',
  'adminApiKeys.access.groupsLabel': 'Gruppen',
  'adminApiKeys.access.noGroups': 'Es gibt noch keine Gruppen. Lege zuerst eine unter Admin › Gruppen an.',
  'adminApiKeys.access.chooseGroup': 'Wähle mindestens eine Gruppe',
  'adminApiKeys.access.save': 'Speichern',
  'adminApiKeys.access.saved': 'API-Zugriff gespeichert',
  'adminApiKeys.access.saveFailed': 'Der API-Zugriff konnte nicht gespeichert werden',
  'adminApiKeys.access.loadFailed': 'Der API-Zugriff konnte nicht geladen werden',
  'adminApiKeys.keys.title': 'Schlüssel',
  'adminApiKeys.keys.loadFailed': 'Die Schlüssel konnten nicht geladen werden',
  'adminApiKeys.keys.empty': 'Noch niemand hat einen API-Schlüssel erstellt.',
  'adminApiKeys.keys.lastUsed': 'Zuletzt verwendet',
  'adminApiKeys.keys.spend': 'Ausgaben diesen Monat',
  'adminApiKeys.keys.never': 'Nie',
  'adminApiKeys.keys.limit': 'von {limit}',
  'adminApiKeys.keys.revoked': 'Widerrufen am {date}',
  'adminApiKeys.keys.expired': 'Abgelaufen am {date}',
  'adminApiKeys.keys.revoke': 'Widerrufen',
  'adminApiKeys.keys.revokeLabel': '„{name}“ von {owner} widerrufen',
  'adminApiKeys.keys.revokeTitle': '„{name}“ widerrufen?',
  'adminApiKeys.keys.revokeBody':
    'Der Schlüssel von {owner} funktioniert sofort auf allen Instanzen nicht mehr. Das wird im Audit-Protokoll festgehalten und lässt sich nicht rückgängig machen.',
  'adminApiKeys.keys.revokeConfirm': 'Schlüssel widerrufen',
  'adminApiKeys.keys.revokedToast': 'Schlüssel widerrufen',
  'adminApiKeys.keys.revokeFailed': 'Der Schlüssel konnte nicht widerrufen werden',
} as const

translationOf<typeof english>()(adminApiKeys)
