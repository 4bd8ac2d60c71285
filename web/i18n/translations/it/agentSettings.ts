import { translationOf } from '../../catalogue'
import type { agentSettings as english } from '../../en/agentSettings'

export const agentSettings = {
  'agentSettings.field.calendar_email': 'E-mail del calendario',
  'agentSettings.config.title': 'Configurazione degli agenti',
  'agentSettings.config.workflowNote':
    'Gli agenti contrassegnati con «Funziona tramite un workflow» richiedono l’integrazione con i workflow: ogni messaggio a loro viene gestito da un workflow nel servizio di automazione del tuo team.',
  'agentSettings.config.workflowMissingNote':
    'Gli agenti contrassegnati con «Richiede un workflow» richiedono l’integrazione con i workflow, che la tua organizzazione non ha ancora configurato. Gli altri funzionano in Parley.',
  'agentSettings.config.nativeNote':
    'Questi agenti funzionano in Parley. Attiva quelli che vuoi poter scegliere nel compositore.',
  'agentSettings.config.none': 'La tua organizzazione non offre agenti.',
  'agentSettings.config.enable': 'Attiva {name}',
  'agentSettings.config.runsWorkflow': 'Funziona tramite un workflow',
  'agentSettings.config.runsNative': 'Funziona in Parley',
  'agentSettings.config.needsWorkflow':
    'Richiede un workflow, che non è ancora configurato. Chiedi al tuo amministratore.',
  'agentSettings.config.hiddenShow': 'Nascosto nel compositore · Mostra',
  'agentSettings.config.calendarConnection': 'Connessione del calendario',
  'agentSettings.config.required': 'Configurazione richiesta',
  'agentSettings.config.fieldRequired': 'Questo campo è obbligatorio',
  'agentSettings.config.invalidEmail': 'Inserisci un indirizzo e-mail valido',
  'agentSettings.config.saved': 'Impostazioni degli agenti salvate',
  'agentSettings.calendar.title': 'Configurazione dell’Agente Calendario',
  'agentSettings.calendar.description':
    'Il client OAuth fornito dal tuo provider di calendario, poi la connessione al tuo calendario. Il workflow dell’Agente Calendario lo usa per pianificare al posto tuo.',
  'agentSettings.calendar.notOffered': 'La tua organizzazione non offre l’Agente Calendario.',
  'agentSettings.calendar.redirectUrl': 'URL di reindirizzamento OAuth',
  'agentSettings.calendar.redirectHint':
    'Registra questo indirizzo presso il tuo provider di calendario come URL di reindirizzamento del client OAuth.',
  'agentSettings.calendar.copy': 'Copia',
  'agentSettings.calendar.copied': 'Copiato',
  'agentSettings.calendar.copyRedirect': 'Copia l’URL di reindirizzamento OAuth',
  'agentSettings.calendar.copyFailed': 'Impossibile copiare: seleziona l’indirizzo e copialo tu',
  'agentSettings.calendar.clientId': 'ID client *',
  'agentSettings.calendar.clientSecret': 'Secret client *',
  'agentSettings.calendar.secretSaved': 'Un secret client è salvato. Lascia il campo vuoto per mantenerlo.',
  'agentSettings.calendar.secretKeep': 'Salvato (invariato)',
  'agentSettings.calendar.save': 'Salva configurazione',
  'agentSettings.calendar.saving': 'Salvataggio...',
  'agentSettings.calendar.saved': 'Configurazione del calendario salvata',
  'agentSettings.calendar.saveFailed': 'Impossibile salvare la configurazione del calendario',
  'agentSettings.calendar.connection': 'Il tuo calendario',
  'agentSettings.calendar.saveFirst': 'Salva la configurazione, poi collega il tuo calendario.',
  'agentSettings.calendar.notConnected': 'Nessun calendario è ancora collegato.',
  'agentSettings.calendar.connect': 'Collega calendario',
  'agentSettings.calendar.reconnect': 'Ricollega calendario',
  'agentSettings.calendar.needsReconnect':
    'La connessione al tuo calendario è scaduta. Ricollegalo per continuare a usare l’Agente Calendario.',
  'agentSettings.calendar.connectedAs': 'Collegato come {email}',
  'agentSettings.calendar.connectedNoEmail': 'Collegato',
  'agentSettings.calendar.disconnect': 'Scollega',
  'agentSettings.calendar.disconnected': 'Calendario scollegato',
  'agentSettings.calendar.disconnectFailed': 'Impossibile scollegare il calendario',
  'agentSettings.calendar.connectFailed': 'Impossibile avviare il collegamento del calendario',
  'agentSettings.admin.title': 'Agenti',
  'agentSettings.admin.hint':
    'Quali agenti offre la tua organizzazione e il workflow di ciascuno. I campi vuoti usano i valori predefiniti del server (N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET).',
  'agentSettings.admin.loadFailed': 'Impossibile caricare gli agenti',
  'agentSettings.admin.offer': 'Offri {name}',
  'agentSettings.admin.webhookUrl': 'URL del webhook',
  'agentSettings.admin.secret': 'Secret condiviso',
  'agentSettings.admin.secretSaved': 'Salvato',
  'agentSettings.admin.secretKeep': 'Lascia vuoto per mantenere il secret salvato',
  'agentSettings.admin.timeout': 'Tempo limite (secondi)',
  'agentSettings.admin.usesDefaults': 'Usa i valori predefiniti',
  'agentSettings.admin.invalidTimeout': 'Inserisci un numero intero di secondi da 1 a 3600',
  'agentSettings.admin.save': 'Salva',
  'agentSettings.admin.saved': '{name} salvato',
  'agentSettings.admin.saveFailed': 'Impossibile salvare l’agente',
} as const

translationOf<typeof english>()(agentSettings)
