import { translationOf } from '../../catalogue'
import type { agentSettings as english } from '../../en/agentSettings'

export const agentSettings = {
  'agentSettings.field.calendar_email': 'Kalender-E-Mail',
  'agentSettings.config.title': 'Agenten-Konfiguration',
  'agentSettings.config.workflowNote':
    'Agenten mit „Läuft über einen Workflow“ benötigen eine Workflow-Integration: Jede Nachricht an sie wird von einem Workflow im Automatisierungsdienst deines Teams bearbeitet.',
  'agentSettings.config.workflowMissingNote':
    'Agenten mit „Braucht einen Workflow“ benötigen eine Workflow-Integration, die deine Organisation noch nicht eingerichtet hat. Die anderen laufen in Parley.',
  'agentSettings.config.nativeNote':
    'Diese Agenten laufen in Parley. Schalte die ein, die du im Eingabefeld auswählen möchtest.',
  'agentSettings.config.none': 'Deine Organisation bietet keine Agenten an.',
  'agentSettings.config.enable': '{name} aktivieren',
  'agentSettings.config.runsWorkflow': 'Läuft über einen Workflow',
  'agentSettings.config.runsNative': 'Läuft in Parley',
  'agentSettings.config.needsWorkflow':
    'Braucht einen Workflow, der noch nicht eingerichtet ist. Frag deine Administration.',
  'agentSettings.config.hiddenShow': 'Im Eingabefeld ausgeblendet · Einblenden',
  'agentSettings.config.calendarConnection': 'Kalenderverbindung',
  'agentSettings.config.required': 'Konfiguration erforderlich',
  'agentSettings.config.fieldRequired': 'Dieses Feld ist erforderlich',
  'agentSettings.config.invalidEmail': 'Gib eine gültige E-Mail-Adresse ein',
  'agentSettings.config.saved': 'Agenten-Einstellungen gespeichert',
  'agentSettings.calendar.title': 'Kalender-Agent konfigurieren',
  'agentSettings.calendar.description':
    'Der OAuth-Client deines Kalenderanbieters und danach die Verbindung zu deinem Kalender. Der Workflow des Kalender-Agenten nutzt sie, um für dich Termine zu planen.',
  'agentSettings.calendar.notOffered': 'Deine Organisation bietet den Kalender-Agent nicht an.',
  'agentSettings.calendar.redirectUrl': 'OAuth-Weiterleitungs-URL',
  'agentSettings.calendar.redirectHint':
    'Trage diese Adresse bei deinem Kalenderanbieter als Weiterleitungs-URL des OAuth-Clients ein.',
  'agentSettings.calendar.copy': 'Kopieren',
  'agentSettings.calendar.copied': 'Kopiert',
  'agentSettings.calendar.copyRedirect': 'OAuth-Weiterleitungs-URL kopieren',
  'agentSettings.calendar.copyFailed': 'Kopieren nicht möglich: Markiere die Adresse und kopiere sie selbst',
  'agentSettings.calendar.clientId': 'Client-ID *',
  'agentSettings.calendar.clientSecret': 'Client-Secret *',
  'agentSettings.calendar.secretSaved':
    'Ein Client-Secret ist gespeichert. Lass das Feld leer, um es zu behalten.',
  'agentSettings.calendar.secretKeep': 'Gespeichert (unverändert)',
  'agentSettings.calendar.save': 'Konfiguration speichern',
  'agentSettings.calendar.saving': 'Wird gespeichert...',
  'agentSettings.calendar.saved': 'Kalenderkonfiguration gespeichert',
  'agentSettings.calendar.saveFailed': 'Kalenderkonfiguration konnte nicht gespeichert werden',
  'agentSettings.calendar.connection': 'Dein Kalender',
  'agentSettings.calendar.saveFirst': 'Speichere die Konfiguration und verbinde dann deinen Kalender.',
  'agentSettings.calendar.notConnected': 'Noch ist kein Kalender verbunden.',
  'agentSettings.calendar.connect': 'Kalender verbinden',
  'agentSettings.calendar.reconnect': 'Kalender neu verbinden',
  'agentSettings.calendar.needsReconnect':
    'Die Verbindung zu deinem Kalender ist abgelaufen. Verbinde ihn neu, um den Kalender-Agent weiter zu nutzen.',
  'agentSettings.calendar.connectedAs': 'Verbunden als {email}',
  'agentSettings.calendar.connectedNoEmail': 'Verbunden',
  'agentSettings.calendar.disconnect': 'Trennen',
  'agentSettings.calendar.disconnected': 'Kalender getrennt',
  'agentSettings.calendar.disconnectFailed': 'Kalender konnte nicht getrennt werden',
  'agentSettings.calendar.connectFailed': 'Kalenderverbindung konnte nicht gestartet werden',
  'agentSettings.admin.title': 'Agenten',
  'agentSettings.admin.hint':
    'Welche Agenten deine Organisation anbietet und über welchen Workflow jeder läuft. Leere Felder nutzen die Standardwerte des Servers (N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET).',
  'agentSettings.admin.loadFailed': 'Agenten konnten nicht geladen werden',
  'agentSettings.admin.offer': '{name} anbieten',
  'agentSettings.admin.webhookUrl': 'Webhook-URL',
  'agentSettings.admin.secret': 'Gemeinsames Secret',
  'agentSettings.admin.secretSaved': 'Gespeichert',
  'agentSettings.admin.secretKeep': 'Leer lassen, um das gespeicherte Secret zu behalten',
  'agentSettings.admin.timeout': 'Zeitlimit (Sekunden)',
  'agentSettings.admin.usesDefaults': 'Nutzt die Standardwerte',
  'agentSettings.admin.invalidTimeout': 'Gib eine ganze Zahl von 1 bis 3600 Sekunden ein',
  'agentSettings.admin.save': 'Speichern',
  'agentSettings.admin.saved': '{name} gespeichert',
  'agentSettings.admin.saveFailed': 'Agent konnte nicht gespeichert werden',
} as const

translationOf<typeof english>()(agentSettings)
