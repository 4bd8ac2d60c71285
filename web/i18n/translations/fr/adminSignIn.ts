import { translationOf } from '../../catalogue'
import type { adminSignIn as english } from '../../en/adminSignIn'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminSignIn = {
  'adminSignIn.intro':
    'La façon dont les personnes se connectent\u202f: avec un mot de passe, avec le fournisseur d’identité de votre organisation, ou les deux\u202f; et les jetons dont votre fournisseur se sert pour créer et supprimer des comptes (SCIM).',
  'adminSignIn.cancel': 'Annuler',
  'adminSignIn.save': 'Enregistrer',
  'adminSignIn.password.title': 'Mots de passe et inscription',
  'adminSignIn.password.loadFailed': 'Impossible de charger les réglages de connexion',
  'adminSignIn.password.saveFailed': 'Impossible d’enregistrer les réglages de connexion',
  'adminSignIn.password.saved': 'Réglages de connexion enregistrés',
  'adminSignIn.password.enabled': 'Connexion par mot de passe',
  'adminSignIn.password.enabledHint':
    'Les personnes se connectent avec leur adresse e-mail et un mot de passe. Désactivée, la page de connexion n’affiche plus que les fournisseurs d’identité.',
  'adminSignIn.password.fromEnvironment':
    'Défini par la configuration du serveur (PASSWORD_SIGN_IN). L’enregistrer ici le remplace.',
  'adminSignIn.password.breakGlass':
    'Si plus personne ne peut se connecter, la commande «\u202fbun run cli\u202f» sur le serveur permet toujours de réinitialiser le mot de passe d’un administrateur.',
  'adminSignIn.signup.enabled': 'Autoriser l’inscription',
  'adminSignIn.signup.hint':
    'Tout le monde peut créer un compte, avec un mot de passe ou lors de sa première connexion par un fournisseur. Désactivée, seules les personnes qui ont déjà un compte peuvent se connecter.',
  'adminSignIn.domains.label': 'Domaines e-mail autorisés',
  'adminSignIn.domains.hint':
    'Séparez-les par des virgules, par exemple example.com, example.org. Seules les adresses de ces domaines peuvent s’inscrire ou se connecter par un fournisseur. Laissez vide pour tout autoriser.',
  'adminSignIn.domains.invalid':
    'Ce n’est pas un domaine\u202f: {value}. Écrivez-le sous la forme example.com',
  'adminSignIn.providers.title': 'Fournisseurs d’identité',
  'adminSignIn.providers.intro':
    'Connexion par OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik…). Chaque fournisseur activé ajoute un bouton «\u202fSe connecter avec…\u202f» à la page de connexion.',
  'adminSignIn.providers.loadFailed': 'Impossible de charger les fournisseurs d’identité',
  'adminSignIn.providers.add': 'Ajouter un fournisseur',
  'adminSignIn.providers.empty':
    'Aucun fournisseur d’identité pour l’instant. Ajoutez-en un pour que chacun puisse se connecter avec le compte de son organisation.',
  'adminSignIn.providers.enabled': 'Activé',
  'adminSignIn.providers.disabled': 'Désactivé',
  'adminSignIn.providers.environment': 'Défini par l’environnement',
  'adminSignIn.providers.environmentHint':
    'Défini par OIDC_* dans la configuration du serveur\u202f: modifiez-le là-bas.',
  'adminSignIn.providers.enable': 'Activer {label}',
  'adminSignIn.providers.edit': 'Modifier',
  'adminSignIn.providers.editLabel': 'Modifier {label}',
  'adminSignIn.providers.delete': 'Supprimer',
  'adminSignIn.providers.deleteLabel': 'Supprimer {label}',
  'adminSignIn.providers.redirectUri': 'URI de redirection',
  'adminSignIn.providers.redirectUriHint': 'Enregistrez cette adresse auprès du fournisseur.',
  'adminSignIn.providers.turnedOn': '{label} activé',
  'adminSignIn.providers.turnedOff': '{label} désactivé',
  'adminSignIn.providers.saveFailed': 'Impossible d’enregistrer le fournisseur d’identité',
  'adminSignIn.providers.deleteTitle': 'Supprimer {label}\u202f?',
  'adminSignIn.providers.deleteBody':
    'Son bouton disparaît de la page de connexion. Les comptes qui s’y connectaient restent, mais perdent leur lien avec lui.',
  'adminSignIn.providers.deleteConfirm': 'Supprimer le fournisseur',
  'adminSignIn.providers.deleted': '{label} supprimé',
  'adminSignIn.providers.deleteFailed': 'Impossible de supprimer le fournisseur d’identité',
  'adminSignIn.dialog.addTitle': 'Ajouter un fournisseur d’identité',
  'adminSignIn.dialog.editTitle': 'Modifier {label}',
  'adminSignIn.dialog.description':
    'Créez chez votre fournisseur une application (client) avec le flux «\u202fauthorization code\u202f», puis recopiez ici ses informations.',
  'adminSignIn.field.label': 'Libellé du bouton',
  'adminSignIn.field.labelHint': 'La page de connexion affiche «\u202fSe connecter avec {label}\u202f».',
  'adminSignIn.field.issuer': 'URL de l’émetteur',
  'adminSignIn.field.issuerHint':
    'L’adresse où se trouve /.well-known/openid-configuration, par exemple https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'ID client',
  'adminSignIn.field.clientSecret': 'Secret client',
  'adminSignIn.field.clientSecretHint': 'Stocké chiffré et plus jamais affiché.',
  'adminSignIn.field.clientSecretKeep': 'Laissez vide pour conserver le secret actuel.',
  'adminSignIn.field.scopes': 'Portées (scopes)',
  'adminSignIn.field.scopesHint': 'Séparées par des espaces. openid est toujours demandé.',
  'adminSignIn.field.domains': 'Domaines e-mail autorisés',
  'adminSignIn.field.domainsHint':
    'Séparez-les par des virgules. Seules les personnes dont l’adresse appartient à ces domaines peuvent se connecter avec ce fournisseur. Laissez vide pour tout autoriser.',
  'adminSignIn.field.groupsClaim': 'Claim des groupes',
  'adminSignIn.field.groupsClaimHint':
    'Le claim du jeton d’identité qui liste les groupes de la personne, par exemple groups. Laissez vide pour ne pas synchroniser les groupes.',
  'adminSignIn.field.adminGroups': 'Groupes administrateurs',
  'adminSignIn.field.adminGroupsHint':
    'Séparez-les par des virgules. Les membres de l’un de ces groupes deviennent administrateurs à la connexion, et cessent de l’être lorsqu’ils les quittent.',
  'adminSignIn.field.enabled': 'Afficher ce fournisseur sur la page de connexion',
  'adminSignIn.field.required': 'Obligatoire',
  'adminSignIn.field.invalidUrl':
    'Saisissez une adresse commençant par https:// (ou http:// pour un serveur de test)',
  'adminSignIn.dialog.add': 'Ajouter le fournisseur',
  'adminSignIn.dialog.added': '{label} ajouté',
  'adminSignIn.dialog.saved': '{label} enregistré',
  'adminSignIn.test.run': 'Tester',
  'adminSignIn.test.label': 'Tester l’URL de l’émetteur',
  'adminSignIn.test.needsIssuer': 'Saisissez d’abord l’URL de l’émetteur',
  'adminSignIn.test.ok': 'Le fournisseur a répondu. Trouvé\u202f:',
  'adminSignIn.test.failed': 'La découverte a échoué\u202f: {reason}',
  'adminSignIn.test.error': 'Impossible de lancer le test',
  'adminSignIn.test.authorization': 'Point d’autorisation',
  'adminSignIn.test.token': 'Point de jeton',
  'adminSignIn.test.userinfo': 'Point UserInfo',
  'adminSignIn.test.jwks': 'Clés de signature (JWKS)',
  'adminSignIn.test.scopes': 'Portées prises en charge',
  'adminSignIn.test.none': 'Aucun indiqué',
  'adminSignIn.scim.title': 'Provisionnement (SCIM)',
  'adminSignIn.scim.intro':
    'Votre fournisseur d’identité peut créer, modifier et désactiver ici les comptes et les groupes\u202f: les arrivants apparaissent et les partants perdent l’accès le jour même. Donnez-lui l’URL de base et un jeton.',
  'adminSignIn.scim.loadFailed': 'Impossible de charger les jetons SCIM',
  'adminSignIn.scim.baseUrl': 'URL de base SCIM',
  'adminSignIn.scim.tokens': 'Jetons',
  'adminSignIn.scim.newToken': 'Nouveau jeton',
  'adminSignIn.scim.empty': 'Aucun jeton pour l’instant.',
  'adminSignIn.scim.unlabelled': 'Jeton sans nom',
  'adminSignIn.scim.neverUsed': 'Jamais utilisé',
  'adminSignIn.scim.active': 'Actif',
  'adminSignIn.scim.revoked': 'Révoqué le {date}',
  'adminSignIn.scim.createdOn': 'Créé le {date}',
  'adminSignIn.scim.lastUsedOn': 'Dernière utilisation\u202f: {date}',
  'adminSignIn.scim.revoke': 'Révoquer',
  'adminSignIn.scim.revokeLabel': 'Révoquer {label}',
  'adminSignIn.scim.revokeTitle': 'Révoquer {label}\u202f?',
  'adminSignIn.scim.revokeBody':
    'Les requêtes portant ce jeton sont refusées dès maintenant. Votre fournisseur d’identité cesse de provisionner jusqu’à ce qu’il reçoive un nouveau jeton.',
  'adminSignIn.scim.revokeConfirm': 'Révoquer le jeton',
  'adminSignIn.scim.revokedToast': 'Jeton révoqué',
  'adminSignIn.scim.revokeFailed': 'Impossible de révoquer le jeton',
  'adminSignIn.scim.createTitle': 'Nouveau jeton SCIM',
  'adminSignIn.scim.createDescription':
    'Un nom vous aide à le reconnaître plus tard, par exemple celui du fournisseur.',
  'adminSignIn.scim.labelField': 'Libellé',
  'adminSignIn.scim.create': 'Créer le jeton',
  'adminSignIn.scim.createFailed': 'Impossible de créer le jeton',
  'adminSignIn.scim.token': 'Jeton',
  'adminSignIn.scim.once':
    'Copiez ce jeton maintenant\u202f: il ne sera plus affiché. Collez-le dans votre fournisseur d’identité comme jeton d’accès (bearer).',
  'adminSignIn.scim.done': 'Terminé',
} as const

translationOf<typeof english>()(adminSignIn)
