import { translationOf } from '../../catalogue'
import type { auth as english } from '../../en/auth'

export const auth = translationOf<typeof english>()({
  'auth.login.title': 'Willkommen zurück',
  'auth.signup.title': 'Konto erstellen',
  'auth.forgot.title': 'Passwort zurücksetzen',
  'auth.field.fullName': 'Vollständiger Name',
  'auth.field.email': 'E-Mail',
  'auth.field.password': 'Passwort',
  'auth.login.submit': 'Anmelden',
  'auth.signup.submit': 'Registrieren',
  'auth.forgot.submit': 'Link zum Zurücksetzen senden',
  'auth.forgot.sending': 'Wird gesendet …',
  'auth.link.forgot': 'Passwort vergessen?',
  'auth.link.toSignup': 'Noch kein Konto? Registrieren',
  'auth.link.toLogin': 'Du hast schon ein Konto? Anmelden',
  'auth.link.remember': 'Passwort wieder eingefallen? Anmelden',
  'auth.login.success': 'Erfolgreich angemeldet!',
  'auth.login.failed': 'Ungültige Anmeldedaten',
  'auth.signup.failed': 'Registrierung fehlgeschlagen',
  'auth.signup.checkEmail': 'Sieh in deinem Postfach nach: Wir haben dir den Bestätigungslink geschickt!',
  'auth.forgot.failed': 'Die E-Mail zum Zurücksetzen konnte nicht gesendet werden',
  'auth.forgot.checkEmail':
    'Sieh in deinem Postfach nach: Wir haben dir den Link zum Zurücksetzen des Passworts geschickt!',
  'auth.unexpected': 'Ein unerwarteter Fehler ist aufgetreten',
  'auth.provider.signIn': 'Anmelden mit {label}',
  'auth.provider.or': 'oder',
  'auth.provider.loadFailed':
    'Die Anmeldemöglichkeiten konnten nicht geladen werden. Lade die Seite neu, um es noch einmal zu versuchen.',
  'auth.signInError.state':
    'Dieser Anmeldelink ist abgelaufen oder wurde schon benutzt. Bitte versuche es noch einmal.',
  'auth.signInError.denied': 'Die Anmeldung wurde bei deinem Identitätsanbieter abgebrochen.',
  'auth.signInError.invalid':
    'Die Antwort deines Identitätsanbieters konnte nicht überprüft werden. Versuche es noch einmal oder wende dich an deinen Administrator.',
  'auth.signInError.unavailable':
    'Dein Identitätsanbieter ist nicht erreichbar. Versuche es gleich noch einmal.',
  'auth.signInError.unverified':
    'Dein Identitätsanbieter hat diese E-Mail-Adresse nicht bestätigt, daher kann sie nicht mit dem bestehenden Konto verknüpft werden.',
  'auth.signInError.domain': 'Diese E-Mail-Domain darf sich hier nicht anmelden.',
  'auth.signInError.closed':
    'Die Registrierung ist abgeschaltet. Bitte einen Administrator, dich einzuladen.',
  'auth.signInError.suspended': 'Dieses Konto wurde gesperrt',
  'auth.signInError.email': 'Dein Identitätsanbieter hat keine E-Mail-Adresse mitgeteilt.',
  'auth.signInError.other': 'Die Anmeldung wurde nicht abgeschlossen. Bitte versuche es noch einmal.',
  'auth.language.choose': 'Sprache',
  'auth.password.show': 'Passwort anzeigen',
  'auth.password.hide': 'Passwort ausblenden',
  'auth.password.mismatch': 'Die neuen Passwörter stimmen nicht überein',
  'auth.password.tooShort': 'Das Passwort muss mindestens {min} Zeichen lang sein',
  'auth.reset.newPassword': 'Neues Passwort',
  'auth.reset.confirmPassword': 'Neues Passwort bestätigen',
  'auth.reset.submit': 'Passwort aktualisieren',
  'auth.reset.incomplete':
    'Dieser Link zum Zurücksetzen ist unvollständig. Fordere auf der Anmeldeseite einen neuen an.',
  'auth.reset.failed': 'Passwort konnte nicht aktualisiert werden',
  'auth.reset.done': 'Passwort aktualisiert!',
  'auth.reset.signIn': 'Anmelden',
  'auth.confirm.title': 'E-Mail-Adresse bestätigen',
  'auth.confirm.incomplete': 'Dieser Bestätigungslink ist unvollständig.',
  'auth.confirm.pending': 'Wird bestätigt …',
  'auth.confirm.invalid': 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
  'auth.confirm.done': 'Deine E-Mail-Adresse ist bestätigt.',
  'auth.confirm.continue': 'Weiter zur Anmeldung',
})
