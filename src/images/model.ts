import { t } from 'elysia'

/**
 * Spec section 7: `{prompt, size, model}`, plus `style` and `chatId` (DESIGN.md). Checked in the
 * service, so each refusal names its field in the spec's words rather than a schema dump.
 */
export const generateImageBody = t.Object({
  prompt: t.String(),
  size: t.Optional(t.String()),
  model: t.Optional(t.String()),
  style: t.Optional(t.String()),
  chatId: t.Optional(t.Nullable(t.String())),
})

export type GenerateImageInput = typeof generateImageBody.static

export const imageIdParams = t.Object({ id: t.String() })
