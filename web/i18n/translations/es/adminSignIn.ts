import { translationOf } from '../../catalogue'
import type { adminSignIn as english } from '../../en/adminSignIn'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminSignIn = {
  'adminSignIn.intro':
    'Cómo inician sesión las personas: con contraseña, con el proveedor de identidad de tu organización o con ambos; y los tokens con los que tu proveedor crea y elimina cuentas (SCIM).',
  'adminSignIn.cancel': 'Cancelar',
  'adminSignIn.save': 'Guardar',
  'adminSignIn.password.title': 'Contraseñas y registro',
  'adminSignIn.password.loadFailed': 'No se pudieron cargar los ajustes de inicio de sesión',
  'adminSignIn.password.saveFailed': 'No se pudieron guardar los ajustes de inicio de sesión',
  'adminSignIn.password.saved': 'Ajustes de inicio de sesión guardados',
  'adminSignIn.password.enabled': 'Inicio de sesión con contraseña',
  'adminSignIn.password.enabledHint':
    'Las personas inician sesión con su correo electrónico y una contraseña. Si está desactivado, la página de inicio de sesión solo muestra los proveedores de identidad.',
  'adminSignIn.password.fromEnvironment':
    'Lo define la configuración del servidor (PASSWORD_SIGN_IN). Guardarlo aquí lo sustituye.',
  'adminSignIn.password.breakGlass':
    'Si nadie puede iniciar sesión, el comando «bun run cli» en el servidor sigue permitiendo restablecer la contraseña de un administrador.',
  'adminSignIn.signup.enabled': 'Permitir el registro',
  'adminSignIn.signup.hint':
    'Cualquiera puede crear una cuenta, con contraseña o al iniciar sesión por primera vez con un proveedor. Si está desactivado, solo pueden iniciar sesión quienes ya tienen cuenta.',
  'adminSignIn.domains.label': 'Dominios de correo permitidos',
  'adminSignIn.domains.hint':
    'Sepáralos con comas, como example.com, example.org. Solo las direcciones de estos dominios pueden registrarse o iniciar sesión con un proveedor. Déjalo vacío para permitir cualquiera.',
  'adminSignIn.domains.invalid': 'No es un dominio: {value}. Escríbelo como example.com',
  'adminSignIn.providers.title': 'Proveedores de identidad',
  'adminSignIn.providers.intro':
    'Inicio de sesión con OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik…). Cada proveedor activado tiene un botón «Iniciar sesión con…» en la página de inicio de sesión.',
  'adminSignIn.providers.loadFailed': 'No se pudieron cargar los proveedores de identidad',
  'adminSignIn.providers.add': 'Añadir proveedor',
  'adminSignIn.providers.empty':
    'Aún no hay ningún proveedor de identidad. Añade uno para que todos puedan iniciar sesión con la cuenta de su organización.',
  'adminSignIn.providers.enabled': 'Activado',
  'adminSignIn.providers.disabled': 'Desactivado',
  'adminSignIn.providers.environment': 'Del entorno',
  'adminSignIn.providers.environmentHint':
    'Lo define OIDC_* en la configuración del servidor: cámbialo allí.',
  'adminSignIn.providers.enable': 'Activar {label}',
  'adminSignIn.providers.edit': 'Editar',
  'adminSignIn.providers.editLabel': 'Editar {label}',
  'adminSignIn.providers.delete': 'Eliminar',
  'adminSignIn.providers.deleteLabel': 'Eliminar {label}',
  'adminSignIn.providers.redirectUri': 'URI de redirección',
  'adminSignIn.providers.redirectUriHint': 'Registra esta dirección en el proveedor.',
  'adminSignIn.providers.turnedOn': '{label} activado',
  'adminSignIn.providers.turnedOff': '{label} desactivado',
  'adminSignIn.providers.saveFailed': 'No se pudo guardar el proveedor de identidad',
  'adminSignIn.providers.deleteTitle': '¿Eliminar {label}?',
  'adminSignIn.providers.deleteBody':
    'Su botón desaparece de la página de inicio de sesión. Las cuentas que lo usaban se conservan, pero pierden su vínculo con él.',
  'adminSignIn.providers.deleteConfirm': 'Eliminar proveedor',
  'adminSignIn.providers.deleted': '{label} eliminado',
  'adminSignIn.providers.deleteFailed': 'No se pudo eliminar el proveedor de identidad',
  'adminSignIn.dialog.addTitle': 'Añadir un proveedor de identidad',
  'adminSignIn.dialog.editTitle': 'Editar {label}',
  'adminSignIn.dialog.description':
    'Crea en tu proveedor una aplicación (cliente) con el flujo de código de autorización y copia aquí sus datos.',
  'adminSignIn.field.label': 'Texto del botón',
  'adminSignIn.field.labelHint': 'La página de inicio de sesión muestra «Iniciar sesión con {label}».',
  'adminSignIn.field.issuer': 'URL del emisor',
  'adminSignIn.field.issuerHint':
    'La dirección donde se encuentra /.well-known/openid-configuration, como https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'ID de cliente',
  'adminSignIn.field.clientSecret': 'Secreto de cliente',
  'adminSignIn.field.clientSecretHint': 'Se guarda cifrado y no se vuelve a mostrar.',
  'adminSignIn.field.clientSecretKeep': 'Déjalo vacío para conservar el secreto actual.',
  'adminSignIn.field.scopes': 'Ámbitos (scopes)',
  'adminSignIn.field.scopesHint': 'Separados por espacios. openid se pide siempre.',
  'adminSignIn.field.domains': 'Dominios de correo permitidos',
  'adminSignIn.field.domainsHint':
    'Sepáralos con comas. Solo las personas con una dirección de estos dominios pueden iniciar sesión con este proveedor. Déjalo vacío para permitir cualquiera.',
  'adminSignIn.field.groupsClaim': 'Claim de grupos',
  'adminSignIn.field.groupsClaimHint':
    'El claim del token de ID que lista los grupos de la persona, como groups. Déjalo vacío para no sincronizar grupos.',
  'adminSignIn.field.adminGroups': 'Grupos de administradores',
  'adminSignIn.field.adminGroupsHint':
    'Sepáralos con comas. Los miembros de alguno de estos grupos pasan a ser administradores al iniciar sesión, y dejan de serlo cuando salen de ellos.',
  'adminSignIn.field.enabled': 'Mostrar este proveedor en la página de inicio de sesión',
  'adminSignIn.field.required': 'Obligatorio',
  'adminSignIn.field.invalidUrl':
    'Escribe una dirección que empiece por https:// (o http:// para un servidor de pruebas)',
  'adminSignIn.dialog.add': 'Añadir proveedor',
  'adminSignIn.dialog.added': '{label} añadido',
  'adminSignIn.dialog.saved': '{label} guardado',
  'adminSignIn.test.run': 'Probar',
  'adminSignIn.test.label': 'Probar la URL del emisor',
  'adminSignIn.test.needsIssuer': 'Escribe primero la URL del emisor',
  'adminSignIn.test.ok': 'El proveedor respondió. Encontrado:',
  'adminSignIn.test.failed': 'Falló el descubrimiento: {reason}',
  'adminSignIn.test.error': 'No se pudo ejecutar la prueba',
  'adminSignIn.test.authorization': 'Endpoint de autorización',
  'adminSignIn.test.token': 'Endpoint de token',
  'adminSignIn.test.userinfo': 'Endpoint de UserInfo',
  'adminSignIn.test.jwks': 'Claves de firma (JWKS)',
  'adminSignIn.test.scopes': 'Ámbitos admitidos',
  'adminSignIn.test.none': 'Ninguno indicado',
  'adminSignIn.scim.title': 'Aprovisionamiento (SCIM)',
  'adminSignIn.scim.intro':
    'Tu proveedor de identidad puede crear, actualizar y desactivar aquí cuentas y grupos, para que quien llega aparezca y quien se va pierda el acceso el mismo día. Dale la URL base y un token.',
  'adminSignIn.scim.loadFailed': 'No se pudieron cargar los tokens SCIM',
  'adminSignIn.scim.baseUrl': 'URL base de SCIM',
  'adminSignIn.scim.tokens': 'Tokens',
  'adminSignIn.scim.newToken': 'Nuevo token',
  'adminSignIn.scim.empty': 'Aún no hay ningún token.',
  'adminSignIn.scim.unlabelled': 'Token sin nombre',
  'adminSignIn.scim.neverUsed': 'Nunca usado',
  'adminSignIn.scim.active': 'Activo',
  'adminSignIn.scim.revoked': 'Revocado el {date}',
  'adminSignIn.scim.createdOn': 'Creado el {date}',
  'adminSignIn.scim.lastUsedOn': 'Último uso: {date}',
  'adminSignIn.scim.revoke': 'Revocar',
  'adminSignIn.scim.revokeLabel': 'Revocar {label}',
  'adminSignIn.scim.revokeTitle': '¿Revocar {label}?',
  'adminSignIn.scim.revokeBody':
    'Las solicitudes con este token se rechazan desde ahora. Tu proveedor de identidad deja de aprovisionar hasta que reciba un token nuevo.',
  'adminSignIn.scim.revokeConfirm': 'Revocar token',
  'adminSignIn.scim.revokedToast': 'Token revocado',
  'adminSignIn.scim.revokeFailed': 'No se pudo revocar el token',
  'adminSignIn.scim.createTitle': 'Nuevo token SCIM',
  'adminSignIn.scim.createDescription': 'Un nombre te ayuda a reconocerlo más tarde, como el del proveedor.',
  'adminSignIn.scim.labelField': 'Nombre',
  'adminSignIn.scim.create': 'Crear token',
  'adminSignIn.scim.createFailed': 'No se pudo crear el token',
  'adminSignIn.scim.token': 'Token',
  'adminSignIn.scim.once':
    'Copia este token ahora: no se volverá a mostrar. Pégalo en tu proveedor de identidad como token de portador (bearer).',
  'adminSignIn.scim.done': 'Listo',
} as const

translationOf<typeof english>()(adminSignIn)
