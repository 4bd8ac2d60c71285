/** Admin → Sign-in: password sign-in, identity providers (OpenID Connect) and SCIM tokens (issue 29). Administrators only. */
export const adminSignIn = {
  'adminSignIn.intro':
    'How people sign in: with a password, with your organisation’s identity provider, or both; and the tokens your provider uses to create and remove accounts (SCIM).',
  'adminSignIn.cancel': 'Cancel',
  'adminSignIn.save': 'Save',

  // Password sign-in and sign-up
  'adminSignIn.password.title': 'Passwords and sign-up',
  'adminSignIn.password.loadFailed': 'Failed to load the sign-in settings',
  'adminSignIn.password.saveFailed': 'Failed to save the sign-in settings',
  'adminSignIn.password.saved': 'Sign-in settings saved',
  'adminSignIn.password.enabled': 'Password sign-in',
  'adminSignIn.password.enabledHint':
    'People sign in with their e-mail address and a password. When off, the sign-in page shows only the identity providers.',
  'adminSignIn.password.fromEnvironment':
    'Set by the server’s configuration (PASSWORD_SIGN_IN). Saving here replaces it.',
  'adminSignIn.password.breakGlass':
    'Should no one be able to sign in, the command “bun run cli” on the server can still reset an administrator’s password.',
  'adminSignIn.signup.enabled': 'Allow sign-up',
  'adminSignIn.signup.hint':
    'Anyone may create an account, with a password or at their first sign-in through a provider. When off, only people who already have an account can sign in.',
  'adminSignIn.domains.label': 'Allowed e-mail domains',
  'adminSignIn.domains.hint':
    'Separate them with commas, such as example.com, example.org. Only addresses at these domains may sign up or sign in through a provider. Leave empty to allow any.',
  'adminSignIn.domains.invalid': 'Not a domain: {value}. Write it as example.com',

  // Identity providers
  'adminSignIn.providers.title': 'Identity providers',
  'adminSignIn.providers.intro':
    'Sign-in through OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik…). Each enabled provider gets a “Sign in with…” button on the sign-in page.',
  'adminSignIn.providers.loadFailed': 'Failed to load the identity providers',
  'adminSignIn.providers.add': 'Add provider',
  'adminSignIn.providers.empty':
    'No identity provider yet. Add one so people can sign in with their organisation’s account.',
  'adminSignIn.providers.enabled': 'Enabled',
  'adminSignIn.providers.disabled': 'Disabled',
  'adminSignIn.providers.environment': 'From the environment',
  'adminSignIn.providers.environmentHint': 'Set by OIDC_* in the server’s configuration: change it there.',
  'adminSignIn.providers.enable': 'Enable {label}',
  'adminSignIn.providers.edit': 'Edit',
  'adminSignIn.providers.editLabel': 'Edit {label}',
  'adminSignIn.providers.delete': 'Delete',
  'adminSignIn.providers.deleteLabel': 'Delete {label}',
  'adminSignIn.providers.redirectUri': 'Redirect URI',
  'adminSignIn.providers.redirectUriHint': 'Register this address with the provider.',
  'adminSignIn.providers.turnedOn': '{label} enabled',
  'adminSignIn.providers.turnedOff': '{label} disabled',
  'adminSignIn.providers.saveFailed': 'Failed to save the identity provider',
  'adminSignIn.providers.deleteTitle': 'Delete {label}?',
  'adminSignIn.providers.deleteBody':
    'Its button leaves the sign-in page. The accounts that signed in with it stay, but lose their link to it.',
  'adminSignIn.providers.deleteConfirm': 'Delete provider',
  'adminSignIn.providers.deleted': '{label} deleted',
  'adminSignIn.providers.deleteFailed': 'Failed to delete the identity provider',

  // The add / edit dialog
  'adminSignIn.dialog.addTitle': 'Add an identity provider',
  'adminSignIn.dialog.editTitle': 'Edit {label}',
  'adminSignIn.dialog.description':
    'Create an application (client) at your provider with the authorization code flow, then copy its details here.',
  'adminSignIn.field.label': 'Button label',
  'adminSignIn.field.labelHint': 'The sign-in page shows “Sign in with {label}”.',
  'adminSignIn.field.issuer': 'Issuer URL',
  'adminSignIn.field.issuerHint':
    'The address where /.well-known/openid-configuration is found, such as https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'Client ID',
  'adminSignIn.field.clientSecret': 'Client secret',
  'adminSignIn.field.clientSecretHint': 'Stored encrypted and never shown again.',
  'adminSignIn.field.clientSecretKeep': 'Leave empty to keep the current secret.',
  'adminSignIn.field.scopes': 'Scopes',
  'adminSignIn.field.scopesHint': 'Separated by spaces. openid is always asked for.',
  'adminSignIn.field.domains': 'Allowed e-mail domains',
  'adminSignIn.field.domainsHint':
    'Separate them with commas. Only people with an address at these domains may sign in with this provider. Leave empty to allow any.',
  'adminSignIn.field.groupsClaim': 'Groups claim',
  'adminSignIn.field.groupsClaimHint':
    'The claim of the ID token that lists the person’s groups, such as groups. Leave empty not to sync groups.',
  'adminSignIn.field.adminGroups': 'Administrator groups',
  'adminSignIn.field.adminGroupsHint':
    'Separate them with commas. Members of one of these groups become administrators at sign-in, and stop being administrators when they leave them.',
  'adminSignIn.field.enabled': 'Show this provider on the sign-in page',
  'adminSignIn.field.required': 'Required',
  'adminSignIn.field.invalidUrl': 'Enter an address starting with https:// (or http:// for a test server)',
  'adminSignIn.dialog.add': 'Add provider',
  'adminSignIn.dialog.added': '{label} added',
  'adminSignIn.dialog.saved': '{label} saved',

  // Test (discovery)
  'adminSignIn.test.run': 'Test',
  'adminSignIn.test.label': 'Test the issuer URL',
  'adminSignIn.test.needsIssuer': 'Enter the issuer URL first',
  'adminSignIn.test.ok': 'The provider answered. Found:',
  'adminSignIn.test.failed': 'Discovery failed: {reason}',
  'adminSignIn.test.error': 'Could not run the test',
  'adminSignIn.test.authorization': 'Authorization endpoint',
  'adminSignIn.test.token': 'Token endpoint',
  'adminSignIn.test.userinfo': 'UserInfo endpoint',
  'adminSignIn.test.jwks': 'Signing keys (JWKS)',
  'adminSignIn.test.scopes': 'Scopes supported',
  'adminSignIn.test.none': 'None listed',

  // SCIM
  'adminSignIn.scim.title': 'Provisioning (SCIM)',
  'adminSignIn.scim.intro':
    'Your identity provider can create, update and deactivate accounts and groups here, so joiners appear and leavers lose access the same day. Give it the base URL and a token.',
  'adminSignIn.scim.loadFailed': 'Failed to load the SCIM tokens',
  'adminSignIn.scim.baseUrl': 'SCIM base URL',
  'adminSignIn.scim.tokens': 'Tokens',
  'adminSignIn.scim.newToken': 'New token',
  'adminSignIn.scim.empty': 'No token yet.',
  'adminSignIn.scim.unlabelled': 'Unnamed token',
  'adminSignIn.scim.neverUsed': 'Never used',
  'adminSignIn.scim.active': 'Active',
  'adminSignIn.scim.revoked': 'Revoked {date}',
  'adminSignIn.scim.createdOn': 'Created {date}',
  'adminSignIn.scim.lastUsedOn': 'Last used {date}',
  'adminSignIn.scim.revoke': 'Revoke',
  'adminSignIn.scim.revokeLabel': 'Revoke {label}',
  'adminSignIn.scim.revokeTitle': 'Revoke {label}?',
  'adminSignIn.scim.revokeBody':
    'Requests with this token are refused from now on. Your identity provider stops provisioning until it gets a new token.',
  'adminSignIn.scim.revokeConfirm': 'Revoke token',
  'adminSignIn.scim.revokedToast': 'Token revoked',
  'adminSignIn.scim.revokeFailed': 'Failed to revoke the token',
  'adminSignIn.scim.createTitle': 'New SCIM token',
  'adminSignIn.scim.createDescription': 'A name helps you recognise it later, such as the provider’s name.',
  'adminSignIn.scim.labelField': 'Label',
  'adminSignIn.scim.create': 'Create token',
  'adminSignIn.scim.createFailed': 'Failed to create the token',
  'adminSignIn.scim.token': 'Token',
  'adminSignIn.scim.once':
    'Copy this token now: it will not be shown again. Paste it into your identity provider as the bearer token.',
  'adminSignIn.scim.done': 'Done',
} as const
