import { translationOf } from '../../catalogue'
import type { adminSignIn as english } from '../../en/adminSignIn'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminSignIn = {
  'adminSignIn.intro':
    'Come accedono le persone: con una password, con il provider di identità della tua organizzazione o con entrambi; e i token con cui il tuo provider crea e rimuove gli account (SCIM).',
  'adminSignIn.cancel': 'Annulla',
  'adminSignIn.save': 'Salva',
  'adminSignIn.password.title': 'Password e registrazione',
  'adminSignIn.password.loadFailed': 'Impossibile caricare le impostazioni di accesso',
  'adminSignIn.password.saveFailed': 'Impossibile salvare le impostazioni di accesso',
  'adminSignIn.password.saved': 'Impostazioni di accesso salvate',
  'adminSignIn.password.enabled': 'Accesso con password',
  'adminSignIn.password.enabledHint':
    'Le persone accedono con il loro indirizzo e-mail e una password. Se è disattivato, la pagina di accesso mostra solo i provider di identità.',
  'adminSignIn.password.fromEnvironment':
    'Impostato dalla configurazione del server (PASSWORD_SIGN_IN). Salvarlo qui lo sostituisce.',
  'adminSignIn.password.breakGlass':
    'Se nessuno riesce più ad accedere, il comando «bun run cli» sul server può sempre reimpostare la password di un amministratore.',
  'adminSignIn.signup.enabled': 'Consenti la registrazione',
  'adminSignIn.signup.hint':
    'Chiunque può creare un account, con una password o al primo accesso tramite un provider. Se è disattivata, possono accedere solo le persone che hanno già un account.',
  'adminSignIn.domains.label': 'Domini e-mail consentiti',
  'adminSignIn.domains.hint':
    'Separali con virgole, per esempio example.com, example.org. Solo gli indirizzi di questi domini possono registrarsi o accedere tramite un provider. Lascia vuoto per consentirli tutti.',
  'adminSignIn.domains.invalid': 'Non è un dominio: {value}. Scrivilo come example.com',
  'adminSignIn.providers.title': 'Provider di identità',
  'adminSignIn.providers.intro':
    'Accesso tramite OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik…). Ogni provider attivo ha un pulsante «Accedi con…» nella pagina di accesso.',
  'adminSignIn.providers.loadFailed': 'Impossibile caricare i provider di identità',
  'adminSignIn.providers.add': 'Aggiungi provider',
  'adminSignIn.providers.empty':
    'Ancora nessun provider di identità. Aggiungine uno perché tutti possano accedere con l’account della loro organizzazione.',
  'adminSignIn.providers.enabled': 'Attivo',
  'adminSignIn.providers.disabled': 'Disattivato',
  'adminSignIn.providers.environment': 'Dall’ambiente',
  'adminSignIn.providers.environmentHint':
    'Impostato da OIDC_* nella configurazione del server: modificalo lì.',
  'adminSignIn.providers.enable': 'Attiva {label}',
  'adminSignIn.providers.edit': 'Modifica',
  'adminSignIn.providers.editLabel': 'Modifica {label}',
  'adminSignIn.providers.delete': 'Elimina',
  'adminSignIn.providers.deleteLabel': 'Elimina {label}',
  'adminSignIn.providers.redirectUri': 'URI di reindirizzamento',
  'adminSignIn.providers.redirectUriHint': 'Registra questo indirizzo presso il provider.',
  'adminSignIn.providers.turnedOn': '{label} attivato',
  'adminSignIn.providers.turnedOff': '{label} disattivato',
  'adminSignIn.providers.saveFailed': 'Impossibile salvare il provider di identità',
  'adminSignIn.providers.deleteTitle': 'Eliminare {label}?',
  'adminSignIn.providers.deleteBody':
    'Il suo pulsante sparisce dalla pagina di accesso. Gli account che lo usavano restano, ma perdono il collegamento con esso.',
  'adminSignIn.providers.deleteConfirm': 'Elimina provider',
  'adminSignIn.providers.deleted': '{label} eliminato',
  'adminSignIn.providers.deleteFailed': 'Impossibile eliminare il provider di identità',
  'adminSignIn.dialog.addTitle': 'Aggiungi un provider di identità',
  'adminSignIn.dialog.editTitle': 'Modifica {label}',
  'adminSignIn.dialog.description':
    'Crea presso il tuo provider un’applicazione (client) con il flusso authorization code, poi copia qui i suoi dati.',
  'adminSignIn.field.label': 'Testo del pulsante',
  'adminSignIn.field.labelHint': 'La pagina di accesso mostra «Accedi con {label}».',
  'adminSignIn.field.issuer': 'URL dell’emittente (issuer)',
  'adminSignIn.field.issuerHint':
    'L’indirizzo in cui si trova /.well-known/openid-configuration, per esempio https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'ID client',
  'adminSignIn.field.clientSecret': 'Segreto client',
  'adminSignIn.field.clientSecretHint': 'Conservato cifrato e mai più mostrato.',
  'adminSignIn.field.clientSecretKeep': 'Lascia vuoto per mantenere il segreto attuale.',
  'adminSignIn.field.scopes': 'Scope',
  'adminSignIn.field.scopesHint': 'Separati da spazi. openid viene sempre richiesto.',
  'adminSignIn.field.domains': 'Domini e-mail consentiti',
  'adminSignIn.field.domainsHint':
    'Separali con virgole. Solo le persone con un indirizzo di questi domini possono accedere con questo provider. Lascia vuoto per consentirli tutti.',
  'adminSignIn.field.groupsClaim': 'Claim dei gruppi',
  'adminSignIn.field.groupsClaimHint':
    'Il claim del token ID che elenca i gruppi della persona, per esempio groups. Lascia vuoto per non sincronizzare i gruppi.',
  'adminSignIn.field.adminGroups': 'Gruppi di amministratori',
  'adminSignIn.field.adminGroupsHint':
    'Separali con virgole. I membri di uno di questi gruppi diventano amministratori all’accesso, e smettono di esserlo quando ne escono.',
  'adminSignIn.field.enabled': 'Mostra questo provider nella pagina di accesso',
  'adminSignIn.field.required': 'Obbligatorio',
  'adminSignIn.field.invalidUrl':
    'Inserisci un indirizzo che inizi con https:// (o http:// per un server di prova)',
  'adminSignIn.dialog.add': 'Aggiungi provider',
  'adminSignIn.dialog.added': '{label} aggiunto',
  'adminSignIn.dialog.saved': '{label} salvato',
  'adminSignIn.test.run': 'Prova',
  'adminSignIn.test.label': 'Prova l’URL dell’emittente',
  'adminSignIn.test.needsIssuer': 'Inserisci prima l’URL dell’emittente',
  'adminSignIn.test.ok': 'Il provider ha risposto. Trovato:',
  'adminSignIn.test.failed': 'Discovery non riuscita: {reason}',
  'adminSignIn.test.error': 'Impossibile eseguire la prova',
  'adminSignIn.test.authorization': 'Endpoint di autorizzazione',
  'adminSignIn.test.token': 'Endpoint del token',
  'adminSignIn.test.userinfo': 'Endpoint UserInfo',
  'adminSignIn.test.jwks': 'Chiavi di firma (JWKS)',
  'adminSignIn.test.scopes': 'Scope supportati',
  'adminSignIn.test.none': 'Nessuno indicato',
  'adminSignIn.scim.title': 'Provisioning (SCIM)',
  'adminSignIn.scim.intro':
    'Il tuo provider di identità può creare, aggiornare e disattivare qui account e gruppi: chi arriva compare e chi se ne va perde l’accesso il giorno stesso. Dagli l’URL di base e un token.',
  'adminSignIn.scim.loadFailed': 'Impossibile caricare i token SCIM',
  'adminSignIn.scim.baseUrl': 'URL di base SCIM',
  'adminSignIn.scim.tokens': 'Token',
  'adminSignIn.scim.newToken': 'Nuovo token',
  'adminSignIn.scim.empty': 'Ancora nessun token.',
  'adminSignIn.scim.unlabelled': 'Token senza nome',
  'adminSignIn.scim.neverUsed': 'Mai usato',
  'adminSignIn.scim.active': 'Attivo',
  'adminSignIn.scim.revoked': 'Revocato il {date}',
  'adminSignIn.scim.createdOn': 'Creato il {date}',
  'adminSignIn.scim.lastUsedOn': 'Ultimo uso: {date}',
  'adminSignIn.scim.revoke': 'Revoca',
  'adminSignIn.scim.revokeLabel': 'Revoca {label}',
  'adminSignIn.scim.revokeTitle': 'Revocare {label}?',
  'adminSignIn.scim.revokeBody':
    'Le richieste con questo token vengono rifiutate da ora in poi. Il tuo provider di identità smette di fare provisioning finché non riceve un nuovo token.',
  'adminSignIn.scim.revokeConfirm': 'Revoca token',
  'adminSignIn.scim.revokedToast': 'Token revocato',
  'adminSignIn.scim.revokeFailed': 'Impossibile revocare il token',
  'adminSignIn.scim.createTitle': 'Nuovo token SCIM',
  'adminSignIn.scim.createDescription':
    'Un nome ti aiuta a riconoscerlo in seguito, per esempio quello del provider.',
  'adminSignIn.scim.labelField': 'Nome',
  'adminSignIn.scim.create': 'Crea token',
  'adminSignIn.scim.createFailed': 'Impossibile creare il token',
  'adminSignIn.scim.token': 'Token',
  'adminSignIn.scim.once':
    'Copia ora questo token: non verrà più mostrato. Incollalo nel tuo provider di identità come bearer token.',
  'adminSignIn.scim.done': 'Fatto',
} as const

translationOf<typeof english>()(adminSignIn)
