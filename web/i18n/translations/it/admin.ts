import { translationOf } from '../../catalogue'
import type { admin as english } from '../../en/admin'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const admin = {
  'admin.title': 'Amministrazione',
  'admin.signedInAs': 'Accesso eseguito come amministratore {name}.',
  'admin.notAllowedTitle': 'Accesso negato',
  'admin.notAllowed':
    'Non hai i permessi per aprire l’area di amministrazione. Solo gli amministratori possono farlo.',
  'admin.nav.label': 'Sezioni di amministrazione',
  'admin.nav.users': 'Utenti',
  'admin.nav.audit': 'Registro di controllo',
  'admin.nav.budgets': 'Budget',
  'admin.nav.models': 'Modelli',
  'admin.nav.usage': 'Utilizzo',
  'admin.nav.branding': 'Marchio',
  'admin.nav.impersonations': 'Accesso di assistenza',
  'admin.nav.signIn': 'Accesso',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'Server MCP',
  'admin.nav.sharing': 'Condivisione',
  'admin.nav.retention': 'Conservazione',
  'admin.nav.backups': 'Backup',
  'admin.nav.groups': 'Gruppi',
  'admin.budgets.intro':
    'Limiti di spesa per tutta l’organizzazione. Un valore impostato qui sostituisce quello della configurazione del server.',
  'admin.budgets.loadFailed': 'Impossibile caricare le impostazioni del budget',
  'admin.budgets.saveFailed': 'Impossibile salvare le impostazioni del budget',
  'admin.budgets.saved': 'Impostazioni del budget salvate',
  'admin.budgets.resetDone': 'Ripristinato il valore della configurazione del server',
  'admin.budgets.save': 'Salva',
  'admin.budgets.daily': 'Limite giornaliero',
  'admin.budgets.monthly': 'Limite mensile',
  'admin.budgets.limitHint': 'In dollari statunitensi. Lascia vuoto per nessun limite.',
  'admin.budgets.current': 'Ora: {amount}',
  'admin.budgets.noLimit': 'Nessun limite',
  'admin.budgets.threshold': 'Soglia di avviso',
  'admin.budgets.thresholdHint': 'Avvisa quando è stata usata questa parte di un limite (1–⁠100 %).',
  'admin.budgets.enforce': 'Blocca le richieste oltre il limite',
  'admin.budgets.enforceHint': 'Se disattivato, viene solo mostrato un avviso.',
  'admin.budgets.timeZone': 'Fuso orario',
  'admin.budgets.timeZoneHint': 'Giorni e mesi iniziano a mezzanotte in questo fuso orario.',
  'admin.budgets.timeZoneNone': 'Nessun fuso orario corrisponde',
  'admin.budgets.source.environment': 'Impostato dalla configurazione del server',
  'admin.budgets.source.organisation': 'Impostato qui',
  'admin.budgets.reset': 'Usa il valore del server',
  'admin.budgets.resetLabel': 'Usa il valore del server: {field}',
  'admin.budgets.invalidAmount': 'Inserisci un importo in dollari, ad esempio 12,50',
  'admin.budgets.invalidPercent': 'Inserisci una percentuale intera da 1 a 100',
  'admin.budgets.invalidTimeZone': 'Scegli un fuso orario dall’elenco',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Inserisci un importo in dollari da 0 a 1.000.000.000 con al massimo due decimali (centesimi)',
  'admin.budgets.thresholdRefused': 'La soglia di avviso deve essere una percentuale intera da 1 a 100',
  'admin.budgets.timeZoneRefused':
    'Fuso orario sconosciuto. Scegline uno come Europe/Paris o America/New_York',
} as const

translationOf<typeof english>()(admin)
