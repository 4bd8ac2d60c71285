import { t } from 'elysia'

export const setPreferredBody = t.Object({
  modelId: t.String({ minLength: 1, maxLength: 200, error: 'Failed to set model' }),
})
