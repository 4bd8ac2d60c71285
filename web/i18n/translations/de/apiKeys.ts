import { translationOf } from '../../catalogue'
import type { apiKeys as english } from '../../en/apiKeys'

/** Kept as its own constant so the catalogue's check sees each text's placeholders (see chat.ts). */
export const apiKeys = {
  'apiKeys.tab': 'API-Schlüssel',
  'apiKeys.intro':
    'Verbinde Skripte, Notebooks und Werkzeuge, die auf den SDKs von OpenAI aufbauen, mit Parley. Ein Schlüssel handelt in deinem Namen: Es gelten deine Modelle, dein Budget und deine Gruppen.',
  'apiKeys.new': 'Schlüssel erstellen',
  'apiKeys.loadFailed': 'Deine API-Schlüssel konnten nicht geladen werden',
  'apiKeys.empty': 'Noch keine API-Schlüssel',
  'apiKeys.emptyHint':
    'Erstelle einen, um Parley mit curl, LangChain, Continue oder jedem OpenAI-Client zu nutzen.',
  'apiKeys.off': 'Die Team-API ist auf diesem Server ausgeschaltet',
  'apiKeys.offHint':
    'Ein Administrator kann sie unter Admin › API einschalten. Bis dahin funktionieren deine bisherigen Schlüssel nicht.',
  'apiKeys.notInGroups': 'Deine Gruppen haben keinen Zugriff auf die Team-API',
  'apiKeys.notInGroupsHint': 'Bitte einen Administrator, dich einer berechtigten Gruppe hinzuzufügen.',
  'apiKeys.locked':
    'API-Schlüssel bleiben privat für {name}: Während eines Support-Zugriffs können sie weder angezeigt noch erstellt werden.',
  'apiKeys.scope.chat': 'Chat',
  'apiKeys.scope.embeddings': 'Embeddings',
  'apiKeys.scope.models': 'Modelle',
  'apiKeys.scope.chatHint': 'POST /v1/chat/completions',
  'apiKeys.scope.embeddingsHint': 'POST /v1/embeddings',
  'apiKeys.scope.modelsHint': 'GET /v1/models',
  'apiKeys.row.scopes': 'Berechtigungen',
  'apiKeys.row.created': 'Erstellt am {date}',
  'apiKeys.row.lastUsed': 'Zuletzt verwendet {when}',
  'apiKeys.row.neverUsed': 'Nie verwendet',
  'apiKeys.row.expires': 'Läuft am {date} ab',
  'apiKeys.row.expired': 'Abgelaufen am {date}',
  'apiKeys.row.noExpiry': 'Läuft nicht ab',
  'apiKeys.row.revoked': 'Widerrufen am {date}',
  'apiKeys.row.spend': '{spent} in diesem Monat',
  'apiKeys.row.spendOfLimit': '{spent} von {limit} in diesem Monat',
  'apiKeys.revoke': 'Widerrufen',
  'apiKeys.revokeLabel': '„{name}“ widerrufen',
  'apiKeys.revokeTitle': '„{name}“ widerrufen?',
  'apiKeys.revokeBody':
    'Skripte und Werkzeuge, die diesen Schlüssel verwenden, funktionieren sofort nicht mehr. Das lässt sich nicht rückgängig machen.',
  'apiKeys.revokeConfirm': 'Schlüssel widerrufen',
  'apiKeys.revoked': 'Schlüssel widerrufen',
  'apiKeys.revokeFailed': 'Der Schlüssel konnte nicht widerrufen werden',
  'apiKeys.create.title': 'API-Schlüssel erstellen',
  'apiKeys.create.description':
    'Benenne den Schlüssel nach dem Ort, an dem er verwendet wird, und gib ihm nur die Berechtigungen, die er braucht.',
  'apiKeys.create.name': 'Name',
  'apiKeys.create.namePlaceholder': 'Notebook auf meinem Laptop',
  'apiKeys.create.nameRequired': 'Gib dem Schlüssel einen Namen',
  'apiKeys.create.scopes': 'Berechtigungen',
  'apiKeys.create.scopesRequired': 'Wähle mindestens eine Berechtigung',
  'apiKeys.create.expiry': 'Läuft ab am (optional)',
  'apiKeys.create.expiryHint':
    'Der Schlüssel hört zu Beginn dieses Tages auf zu funktionieren. Leer lassen für kein Ablaufdatum.',
  'apiKeys.create.expiryPast': 'Wähle einen Tag nach heute',
  'apiKeys.create.limit': 'Monatslimit in Dollar (optional)',
  'apiKeys.create.limitHint':
    'Ausgaben über diesen Schlüssel enden jeden Monat bei diesem Betrag. Dein eigenes Budget gilt zusätzlich.',
  'apiKeys.create.limitInvalid': 'Gib einen Betrag wie 5 oder 12,50 ein',
  'apiKeys.create.submit': 'Schlüssel erstellen',
  'apiKeys.create.failed': 'Der Schlüssel konnte nicht erstellt werden',
  'apiKeys.created.title': 'Dein neuer API-Schlüssel',
  'apiKeys.created.once':
    'Kopiere diesen Schlüssel jetzt: Er wird nur ein einziges Mal angezeigt. Parley speichert nur einen Fingerabdruck davon.',
  'apiKeys.created.key': 'API-Schlüssel',
  'apiKeys.created.howTo': 'So verwendest du ihn',
  'apiKeys.created.baseUrl': 'Basis-URL',
  'apiKeys.created.howToHint':
    'Gib jedem OpenAI-Client diese Basis-URL und den Schlüssel, oder probiere es mit curl aus:',
  'apiKeys.created.done': 'Fertig',
} as const

translationOf<typeof english>()(apiKeys)
