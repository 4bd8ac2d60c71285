import { translationOf } from '../../catalogue'
import type { adminSignIn as english } from '../../en/adminSignIn'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminSignIn = {
  'adminSignIn.intro':
    'Wie sich Personen anmelden: mit Passwort, über den Identitätsanbieter deiner Organisation oder beides; dazu die Tokens, mit denen dein Anbieter Konten anlegt und entfernt (SCIM).',
  'adminSignIn.cancel': 'Abbrechen',
  'adminSignIn.save': 'Speichern',
  'adminSignIn.password.title': 'Passwörter und Registrierung',
  'adminSignIn.password.loadFailed': 'Die Anmeldeeinstellungen konnten nicht geladen werden',
  'adminSignIn.password.saveFailed': 'Die Anmeldeeinstellungen konnten nicht gespeichert werden',
  'adminSignIn.password.saved': 'Anmeldeeinstellungen gespeichert',
  'adminSignIn.password.enabled': 'Anmeldung mit Passwort',
  'adminSignIn.password.enabledHint':
    'Personen melden sich mit ihrer E-Mail-Adresse und einem Passwort an. Ist sie aus, zeigt die Anmeldeseite nur die Identitätsanbieter.',
  'adminSignIn.password.fromEnvironment':
    'Von der Serverkonfiguration festgelegt (PASSWORD_SIGN_IN). Speichern hier ersetzt den Wert.',
  'adminSignIn.password.breakGlass':
    'Kann sich niemand mehr anmelden, setzt der Befehl „bun run cli“ auf dem Server weiterhin das Passwort eines Administrators zurück.',
  'adminSignIn.signup.enabled': 'Registrierung erlauben',
  'adminSignIn.signup.hint':
    'Alle können ein Konto anlegen, mit Passwort oder bei der ersten Anmeldung über einen Anbieter. Ist sie aus, können sich nur Personen mit bestehendem Konto anmelden.',
  'adminSignIn.domains.label': 'Erlaubte E-Mail-Domains',
  'adminSignIn.domains.hint':
    'Durch Kommas getrennt, etwa example.com, example.org. Nur Adressen dieser Domains dürfen sich registrieren oder über einen Anbieter anmelden. Leer lassen, um alle zu erlauben.',
  'adminSignIn.domains.invalid': 'Keine Domain: {value}. Schreibe sie als example.com',
  'adminSignIn.providers.title': 'Identitätsanbieter',
  'adminSignIn.providers.intro':
    'Anmeldung über OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik …). Jeder aktivierte Anbieter bekommt auf der Anmeldeseite eine Schaltfläche „Anmelden mit …“.',
  'adminSignIn.providers.loadFailed': 'Die Identitätsanbieter konnten nicht geladen werden',
  'adminSignIn.providers.add': 'Anbieter hinzufügen',
  'adminSignIn.providers.empty':
    'Noch kein Identitätsanbieter. Füge einen hinzu, damit sich alle mit dem Konto ihrer Organisation anmelden können.',
  'adminSignIn.providers.enabled': 'Aktiviert',
  'adminSignIn.providers.disabled': 'Deaktiviert',
  'adminSignIn.providers.environment': 'Aus der Umgebung',
  'adminSignIn.providers.environmentHint': 'Über OIDC_* in der Serverkonfiguration festgelegt: dort ändern.',
  'adminSignIn.providers.enable': '{label} aktivieren',
  'adminSignIn.providers.edit': 'Bearbeiten',
  'adminSignIn.providers.editLabel': '{label} bearbeiten',
  'adminSignIn.providers.delete': 'Löschen',
  'adminSignIn.providers.deleteLabel': '{label} löschen',
  'adminSignIn.providers.redirectUri': 'Weiterleitungs-URI',
  'adminSignIn.providers.redirectUriHint': 'Trage diese Adresse beim Anbieter ein.',
  'adminSignIn.providers.turnedOn': '{label} aktiviert',
  'adminSignIn.providers.turnedOff': '{label} deaktiviert',
  'adminSignIn.providers.saveFailed': 'Der Identitätsanbieter konnte nicht gespeichert werden',
  'adminSignIn.providers.deleteTitle': '{label} löschen?',
  'adminSignIn.providers.deleteBody':
    'Seine Schaltfläche verschwindet von der Anmeldeseite. Die Konten, die sich darüber angemeldet haben, bleiben, verlieren aber die Verknüpfung mit ihm.',
  'adminSignIn.providers.deleteConfirm': 'Anbieter löschen',
  'adminSignIn.providers.deleted': '{label} gelöscht',
  'adminSignIn.providers.deleteFailed': 'Der Identitätsanbieter konnte nicht gelöscht werden',
  'adminSignIn.dialog.addTitle': 'Identitätsanbieter hinzufügen',
  'adminSignIn.dialog.editTitle': '{label} bearbeiten',
  'adminSignIn.dialog.description':
    'Lege bei deinem Anbieter eine Anwendung (Client) mit dem Authorization-Code-Flow an und übertrage ihre Angaben hierher.',
  'adminSignIn.field.label': 'Beschriftung der Schaltfläche',
  'adminSignIn.field.labelHint': 'Die Anmeldeseite zeigt „Anmelden mit {label}“.',
  'adminSignIn.field.issuer': 'Aussteller-URL (Issuer)',
  'adminSignIn.field.issuerHint':
    'Die Adresse, unter der /.well-known/openid-configuration liegt, etwa https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'Client-ID',
  'adminSignIn.field.clientSecret': 'Client-Secret',
  'adminSignIn.field.clientSecretHint': 'Wird verschlüsselt gespeichert und nie wieder angezeigt.',
  'adminSignIn.field.clientSecretKeep': 'Leer lassen, um das bisherige Secret zu behalten.',
  'adminSignIn.field.scopes': 'Scopes',
  'adminSignIn.field.scopesHint': 'Durch Leerzeichen getrennt. openid wird immer angefragt.',
  'adminSignIn.field.domains': 'Erlaubte E-Mail-Domains',
  'adminSignIn.field.domainsHint':
    'Durch Kommas getrennt. Nur Personen mit einer Adresse dieser Domains dürfen sich über diesen Anbieter anmelden. Leer lassen, um alle zu erlauben.',
  'adminSignIn.field.groupsClaim': 'Gruppen-Claim',
  'adminSignIn.field.groupsClaimHint':
    'Der Claim des ID-Tokens, der die Gruppen der Person auflistet, etwa groups. Leer lassen, um keine Gruppen zu synchronisieren.',
  'adminSignIn.field.adminGroups': 'Administratorgruppen',
  'adminSignIn.field.adminGroupsHint':
    'Durch Kommas getrennt. Mitglieder einer dieser Gruppen werden bei der Anmeldung Administratoren und verlieren die Rolle, sobald sie die Gruppe verlassen.',
  'adminSignIn.field.enabled': 'Diesen Anbieter auf der Anmeldeseite zeigen',
  'adminSignIn.field.required': 'Pflichtfeld',
  'adminSignIn.field.invalidUrl':
    'Gib eine Adresse ein, die mit https:// beginnt (oder http:// für einen Testserver)',
  'adminSignIn.dialog.add': 'Anbieter hinzufügen',
  'adminSignIn.dialog.added': '{label} hinzugefügt',
  'adminSignIn.dialog.saved': '{label} gespeichert',
  'adminSignIn.test.run': 'Testen',
  'adminSignIn.test.label': 'Aussteller-URL testen',
  'adminSignIn.test.needsIssuer': 'Gib zuerst die Aussteller-URL ein',
  'adminSignIn.test.ok': 'Der Anbieter hat geantwortet. Gefunden:',
  'adminSignIn.test.failed': 'Discovery fehlgeschlagen: {reason}',
  'adminSignIn.test.error': 'Der Test konnte nicht ausgeführt werden',
  'adminSignIn.test.authorization': 'Autorisierungs-Endpunkt',
  'adminSignIn.test.token': 'Token-Endpunkt',
  'adminSignIn.test.userinfo': 'UserInfo-Endpunkt',
  'adminSignIn.test.jwks': 'Signaturschlüssel (JWKS)',
  'adminSignIn.test.scopes': 'Unterstützte Scopes',
  'adminSignIn.test.none': 'Keine angegeben',
  'adminSignIn.scim.title': 'Bereitstellung (SCIM)',
  'adminSignIn.scim.intro':
    'Dein Identitätsanbieter kann hier Konten und Gruppen anlegen, ändern und deaktivieren: Neue erscheinen, und wer geht, verliert noch am selben Tag den Zugang. Gib ihm die Basis-URL und ein Token.',
  'adminSignIn.scim.loadFailed': 'Die SCIM-Tokens konnten nicht geladen werden',
  'adminSignIn.scim.baseUrl': 'SCIM-Basis-URL',
  'adminSignIn.scim.tokens': 'Tokens',
  'adminSignIn.scim.newToken': 'Neues Token',
  'adminSignIn.scim.empty': 'Noch kein Token.',
  'adminSignIn.scim.unlabelled': 'Token ohne Namen',
  'adminSignIn.scim.neverUsed': 'Nie benutzt',
  'adminSignIn.scim.active': 'Aktiv',
  'adminSignIn.scim.revoked': 'Widerrufen am {date}',
  'adminSignIn.scim.createdOn': 'Erstellt am {date}',
  'adminSignIn.scim.lastUsedOn': 'Zuletzt benutzt: {date}',
  'adminSignIn.scim.revoke': 'Widerrufen',
  'adminSignIn.scim.revokeLabel': '{label} widerrufen',
  'adminSignIn.scim.revokeTitle': '{label} widerrufen?',
  'adminSignIn.scim.revokeBody':
    'Anfragen mit diesem Token werden ab sofort abgelehnt. Dein Identitätsanbieter stellt nichts mehr bereit, bis er ein neues Token bekommt.',
  'adminSignIn.scim.revokeConfirm': 'Token widerrufen',
  'adminSignIn.scim.revokedToast': 'Token widerrufen',
  'adminSignIn.scim.revokeFailed': 'Das Token konnte nicht widerrufen werden',
  'adminSignIn.scim.createTitle': 'Neues SCIM-Token',
  'adminSignIn.scim.createDescription':
    'Ein Name hilft dir, es später wiederzuerkennen, etwa der Name des Anbieters.',
  'adminSignIn.scim.labelField': 'Bezeichnung',
  'adminSignIn.scim.create': 'Token erstellen',
  'adminSignIn.scim.createFailed': 'Das Token konnte nicht erstellt werden',
  'adminSignIn.scim.token': 'Token',
  'adminSignIn.scim.once':
    'Kopiere dieses Token jetzt: Es wird nicht noch einmal angezeigt. Füge es bei deinem Identitätsanbieter als Bearer-Token ein.',
  'adminSignIn.scim.done': 'Fertig',
} as const

translationOf<typeof english>()(adminSignIn)
