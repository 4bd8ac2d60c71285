import { translationOf } from '../../catalogue'
import type { adminSignIn as english } from '../../en/adminSignIn'

// Kept with its literal texts (`as const`), so defineCatalogue can check the placeholders too.
export const adminSignIn = {
  'adminSignIn.intro':
    'Como as pessoas entram: com senha, com o provedor de identidade da sua organização ou com os dois; e os tokens que o seu provedor usa para criar e remover contas (SCIM).',
  'adminSignIn.cancel': 'Cancelar',
  'adminSignIn.save': 'Salvar',
  'adminSignIn.password.title': 'Senhas e cadastro',
  'adminSignIn.password.loadFailed': 'Não foi possível carregar as configurações de entrada',
  'adminSignIn.password.saveFailed': 'Não foi possível salvar as configurações de entrada',
  'adminSignIn.password.saved': 'Configurações de entrada salvas',
  'adminSignIn.password.enabled': 'Entrada com senha',
  'adminSignIn.password.enabledHint':
    'As pessoas entram com o e-mail e uma senha. Quando desligada, a página de entrada mostra apenas os provedores de identidade.',
  'adminSignIn.password.fromEnvironment':
    'Definido pela configuração do servidor (PASSWORD_SIGN_IN). Salvar aqui substitui esse valor.',
  'adminSignIn.password.breakGlass':
    'Se ninguém conseguir entrar, o comando “bun run cli” no servidor ainda pode redefinir a senha de um administrador.',
  'adminSignIn.signup.enabled': 'Permitir cadastro',
  'adminSignIn.signup.hint':
    'Qualquer pessoa pode criar uma conta, com senha ou ao entrar pela primeira vez por um provedor. Quando desligado, só quem já tem conta pode entrar.',
  'adminSignIn.domains.label': 'Domínios de e-mail permitidos',
  'adminSignIn.domains.hint':
    'Separe-os com vírgulas, como example.com, example.org. Só endereços desses domínios podem se cadastrar ou entrar por um provedor. Deixe vazio para permitir qualquer um.',
  'adminSignIn.domains.invalid': 'Não é um domínio: {value}. Escreva como example.com',
  'adminSignIn.providers.title': 'Provedores de identidade',
  'adminSignIn.providers.intro':
    'Entrada com OpenID Connect (Entra ID, Okta, Google Workspace, Keycloak, Authentik…). Cada provedor ativado ganha um botão “Entrar com…” na página de entrada.',
  'adminSignIn.providers.loadFailed': 'Não foi possível carregar os provedores de identidade',
  'adminSignIn.providers.add': 'Adicionar provedor',
  'adminSignIn.providers.empty':
    'Ainda não há provedor de identidade. Adicione um para que todos possam entrar com a conta da organização.',
  'adminSignIn.providers.enabled': 'Ativado',
  'adminSignIn.providers.disabled': 'Desativado',
  'adminSignIn.providers.environment': 'Do ambiente',
  'adminSignIn.providers.environmentHint': 'Definido por OIDC_* na configuração do servidor: altere lá.',
  'adminSignIn.providers.enable': 'Ativar {label}',
  'adminSignIn.providers.edit': 'Editar',
  'adminSignIn.providers.editLabel': 'Editar {label}',
  'adminSignIn.providers.delete': 'Excluir',
  'adminSignIn.providers.deleteLabel': 'Excluir {label}',
  'adminSignIn.providers.redirectUri': 'URI de redirecionamento',
  'adminSignIn.providers.redirectUriHint': 'Cadastre este endereço no provedor.',
  'adminSignIn.providers.turnedOn': '{label} ativado',
  'adminSignIn.providers.turnedOff': '{label} desativado',
  'adminSignIn.providers.saveFailed': 'Não foi possível salvar o provedor de identidade',
  'adminSignIn.providers.deleteTitle': 'Excluir {label}?',
  'adminSignIn.providers.deleteBody':
    'O botão dele sai da página de entrada. As contas que entravam por ele continuam, mas perdem o vínculo com ele.',
  'adminSignIn.providers.deleteConfirm': 'Excluir provedor',
  'adminSignIn.providers.deleted': '{label} excluído',
  'adminSignIn.providers.deleteFailed': 'Não foi possível excluir o provedor de identidade',
  'adminSignIn.dialog.addTitle': 'Adicionar um provedor de identidade',
  'adminSignIn.dialog.editTitle': 'Editar {label}',
  'adminSignIn.dialog.description':
    'Crie no seu provedor um aplicativo (cliente) com o fluxo de código de autorização e copie os dados dele aqui.',
  'adminSignIn.field.label': 'Texto do botão',
  'adminSignIn.field.labelHint': 'A página de entrada mostra “Entrar com {label}”.',
  'adminSignIn.field.issuer': 'URL do emissor',
  'adminSignIn.field.issuerHint':
    'O endereço onde fica /.well-known/openid-configuration, como https://login.example.com/realms/staff',
  'adminSignIn.field.clientId': 'ID do cliente',
  'adminSignIn.field.clientSecret': 'Segredo do cliente',
  'adminSignIn.field.clientSecretHint': 'Guardado criptografado e nunca mais mostrado.',
  'adminSignIn.field.clientSecretKeep': 'Deixe vazio para manter o segredo atual.',
  'adminSignIn.field.scopes': 'Escopos',
  'adminSignIn.field.scopesHint': 'Separados por espaços. openid é sempre solicitado.',
  'adminSignIn.field.domains': 'Domínios de e-mail permitidos',
  'adminSignIn.field.domainsHint':
    'Separe-os com vírgulas. Só pessoas com endereço desses domínios podem entrar com este provedor. Deixe vazio para permitir qualquer um.',
  'adminSignIn.field.groupsClaim': 'Claim de grupos',
  'adminSignIn.field.groupsClaimHint':
    'O claim do token de ID que lista os grupos da pessoa, como groups. Deixe vazio para não sincronizar grupos.',
  'adminSignIn.field.adminGroups': 'Grupos de administradores',
  'adminSignIn.field.adminGroupsHint':
    'Separe-os com vírgulas. Membros de um desses grupos viram administradores ao entrar, e deixam de ser quando saem deles.',
  'adminSignIn.field.enabled': 'Mostrar este provedor na página de entrada',
  'adminSignIn.field.required': 'Obrigatório',
  'adminSignIn.field.invalidUrl':
    'Digite um endereço que comece com https:// (ou http:// para um servidor de teste)',
  'adminSignIn.dialog.add': 'Adicionar provedor',
  'adminSignIn.dialog.added': '{label} adicionado',
  'adminSignIn.dialog.saved': '{label} salvo',
  'adminSignIn.test.run': 'Testar',
  'adminSignIn.test.label': 'Testar a URL do emissor',
  'adminSignIn.test.needsIssuer': 'Digite primeiro a URL do emissor',
  'adminSignIn.test.ok': 'O provedor respondeu. Encontrado:',
  'adminSignIn.test.failed': 'A descoberta falhou: {reason}',
  'adminSignIn.test.error': 'Não foi possível executar o teste',
  'adminSignIn.test.authorization': 'Endpoint de autorização',
  'adminSignIn.test.token': 'Endpoint de token',
  'adminSignIn.test.userinfo': 'Endpoint de UserInfo',
  'adminSignIn.test.jwks': 'Chaves de assinatura (JWKS)',
  'adminSignIn.test.scopes': 'Escopos suportados',
  'adminSignIn.test.none': 'Nenhum informado',
  'adminSignIn.scim.title': 'Provisionamento (SCIM)',
  'adminSignIn.scim.intro':
    'Seu provedor de identidade pode criar, atualizar e desativar contas e grupos aqui, para que quem chega apareça e quem sai perca o acesso no mesmo dia. Passe a ele a URL base e um token.',
  'adminSignIn.scim.loadFailed': 'Não foi possível carregar os tokens SCIM',
  'adminSignIn.scim.baseUrl': 'URL base do SCIM',
  'adminSignIn.scim.tokens': 'Tokens',
  'adminSignIn.scim.newToken': 'Novo token',
  'adminSignIn.scim.empty': 'Ainda não há token.',
  'adminSignIn.scim.unlabelled': 'Token sem nome',
  'adminSignIn.scim.neverUsed': 'Nunca usado',
  'adminSignIn.scim.active': 'Ativo',
  'adminSignIn.scim.revoked': 'Revogado em {date}',
  'adminSignIn.scim.createdOn': 'Criado em {date}',
  'adminSignIn.scim.lastUsedOn': 'Último uso: {date}',
  'adminSignIn.scim.revoke': 'Revogar',
  'adminSignIn.scim.revokeLabel': 'Revogar {label}',
  'adminSignIn.scim.revokeTitle': 'Revogar {label}?',
  'adminSignIn.scim.revokeBody':
    'Solicitações com este token passam a ser recusadas. Seu provedor de identidade para de provisionar até receber um novo token.',
  'adminSignIn.scim.revokeConfirm': 'Revogar token',
  'adminSignIn.scim.revokedToast': 'Token revogado',
  'adminSignIn.scim.revokeFailed': 'Não foi possível revogar o token',
  'adminSignIn.scim.createTitle': 'Novo token SCIM',
  'adminSignIn.scim.createDescription': 'Um nome ajuda você a reconhecê-lo depois, como o nome do provedor.',
  'adminSignIn.scim.labelField': 'Nome',
  'adminSignIn.scim.create': 'Criar token',
  'adminSignIn.scim.createFailed': 'Não foi possível criar o token',
  'adminSignIn.scim.token': 'Token',
  'adminSignIn.scim.once':
    'Copie este token agora: ele não será mostrado de novo. Cole-o no seu provedor de identidade como token bearer.',
  'adminSignIn.scim.done': 'Concluído',
} as const

translationOf<typeof english>()(adminSignIn)
