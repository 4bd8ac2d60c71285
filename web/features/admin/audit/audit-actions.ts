import '../../../i18n/areas/adminUsers'

/**
 * The audit actions the catalogue has words for (`adminUsers.audit.action.<action>`); any other is
 * shown as its code. Shared by the audit trail and the support-access history.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.role',
  'user.ban',
  'user.unban',
  'user.password_reset',
  'user.sessions_end',
  'user.delete',
  'budget.org_update',
  'budget.user_update',
  'budget.user_reset',
  'branding.update',
  'branding.logo_upload',
  'branding.logo_remove',
  'branding.login_background_upload',
  'branding.login_background_remove',
  'impersonation.start',
  'impersonation.write',
  'impersonation.stop',
  'impersonation.end',
  'model.update',
  'model.default',
  'model.refresh',
  'model.image_prices',
  'agents.update',
  'knowledge.settings_update',
  'usage.export',
  'scim_token.create',
  'scim_token.revoke',
  'identity_provider.create',
  'identity_provider.update',
  'identity_provider.delete',
  'sign_in.update',
  'group.create',
  'group.update',
  'group.delete',
  'group.member_add',
  'group.member_remove',
  'api_key.revoke',
  'api_access.update',
  'share.create',
  'share.revoke',
  'sharing.update',
  'mcp_server.create',
  'mcp_server.update',
  'mcp_server.delete',
  'backup.created',
  'backup.settings_updated',
] as const
export type KnownAction = (typeof AUDIT_ACTIONS)[number]
export const isKnownAction = (action: string): action is KnownAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action)
