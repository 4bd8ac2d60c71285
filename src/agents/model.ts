import { t } from 'elysia'

export const settingsBody = t.Object({
  enabled: t.Optional(t.Boolean({ error: 'enabled must be true or false' })),
  visible: t.Optional(t.Boolean({ error: 'visible must be true or false' })),
  config: t.Optional(
    t.Record(t.String({ maxLength: 100 }), t.Unknown(), { error: 'config must be an object of settings' }),
  ),
})

export const oauthBody = t.Object({
  redirectUrl: t.String({ maxLength: 2000, error: 'The OAuth Redirect URL must be text' }),
  clientId: t.String({ maxLength: 500, error: 'Client ID is required' }),
  clientSecret: t.String({ maxLength: 2000, error: 'Client Secret must be text' }),
})

export const adminAgentBody = t.Object({
  offered: t.Optional(t.Boolean({ error: 'offered must be true or false' })),
  /** null or '' returns it to N8N_WEBHOOK_URL. */
  webhookUrl: t.Optional(
    t.Union([t.String({ maxLength: 2000 }), t.Null()], { error: 'webhookUrl must be a URL' }),
  ),
  /** null or '' returns it to WORKFLOW_SIGNING_SECRET; absent keeps the saved one. */
  secret: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()], { error: 'secret must be text' })),
  timeoutSeconds: t.Optional(
    t.Union([t.Integer({ minimum: 1, maximum: 3600 }), t.Null()], {
      error: 'timeoutSeconds must be a whole number of seconds between 1 and 3600',
    }),
  ),
})
