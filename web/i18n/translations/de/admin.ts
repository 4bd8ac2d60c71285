import { translationOf } from '../../catalogue'
import type { admin as english } from '../../en/admin'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const admin = {
  'admin.title': 'Adminbereich',
  'admin.signedInAs': 'Angemeldet als Administrator {name}.',
  'admin.notAllowedTitle': 'Kein Zugriff',
  'admin.notAllowed': 'Du darfst den Adminbereich nicht öffnen. Das dürfen nur Administratoren.',
  'admin.nav.label': 'Bereiche der Administration',
  'admin.nav.users': 'Benutzer',
  'admin.nav.audit': 'Audit-Protokoll',
  'admin.nav.budgets': 'Budgets',
  'admin.nav.models': 'Modelle',
  'admin.nav.usage': 'Nutzung',
  'admin.nav.branding': 'Branding',
  'admin.nav.impersonations': 'Support-Zugriff',
  'admin.nav.signIn': 'Anmeldung',
  'admin.nav.api': 'API',
  'admin.nav.mcpServers': 'MCP-Server',
  'admin.nav.sharing': 'Freigaben',
  'admin.nav.retention': 'Aufbewahrung',
  'admin.nav.backups': 'Sicherungen',
  'admin.nav.groups': 'Gruppen',
  'admin.budgets.intro':
    'Ausgabengrenzen für alle in der Organisation. Ein hier gesetzter Wert ersetzt den aus der Serverkonfiguration.',
  'admin.budgets.loadFailed': 'Die Budget-Einstellungen konnten nicht geladen werden',
  'admin.budgets.saveFailed': 'Die Budget-Einstellungen konnten nicht gespeichert werden',
  'admin.budgets.saved': 'Budget-Einstellungen gespeichert',
  'admin.budgets.resetDone': 'Auf den Wert der Serverkonfiguration zurückgesetzt',
  'admin.budgets.save': 'Speichern',
  'admin.budgets.daily': 'Tageslimit',
  'admin.budgets.monthly': 'Monatslimit',
  'admin.budgets.limitHint': 'In US-Dollar. Leer lassen für kein Limit.',
  'admin.budgets.current': 'Aktuell: {amount}',
  'admin.budgets.noLimit': 'Kein Limit',
  'admin.budgets.threshold': 'Warnschwelle',
  'admin.budgets.thresholdHint': 'Warnen, sobald dieser Anteil eines Limits verbraucht ist (1–⁠100 %).',
  'admin.budgets.enforce': 'Anfragen über dem Limit blockieren',
  'admin.budgets.enforceHint': 'Ausgeschaltet wird nur gewarnt.',
  'admin.budgets.timeZone': 'Zeitzone',
  'admin.budgets.timeZoneHint': 'Tage und Monate beginnen um Mitternacht in dieser Zeitzone.',
  'admin.budgets.timeZoneNone': 'Keine passende Zeitzone',
  'admin.budgets.source.environment': 'Durch die Serverkonfiguration festgelegt',
  'admin.budgets.source.organisation': 'Hier festgelegt',
  'admin.budgets.reset': 'Wert des Servers verwenden',
  'admin.budgets.resetLabel': 'Wert des Servers verwenden: {field}',
  'admin.budgets.invalidAmount': 'Gib einen Betrag in Dollar ein, zum Beispiel 12,50',
  'admin.budgets.invalidPercent': 'Gib eine ganze Prozentzahl von 1 bis 100 ein',
  'admin.budgets.invalidTimeZone': 'Wähle eine Zeitzone aus der Liste',
  // The server's refusals (400), by code
  'admin.budgets.limitRefused':
    'Gib einen Betrag in Dollar von 0 bis 1.000.000.000 mit höchstens zwei Nachkommastellen (Cent) ein',
  'admin.budgets.thresholdRefused': 'Die Warnschwelle muss eine ganze Prozentzahl von 1 bis 100 sein',
  'admin.budgets.timeZoneRefused': 'Unbekannte Zeitzone. Wähle eine wie Europe/Paris oder America/New_York',
} as const

translationOf<typeof english>()(admin)
