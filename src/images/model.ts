import { t } from 'elysia'
import { messageJson } from '../messages/model'

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

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const imagePriceSource = t.Union([
  t.Literal('default'),
  t.Literal('environment'),
  t.Literal('setting'),
])

export const generatedImageResult = t.Object({
  id: t.String(),
  imageUrl: t.String(),
  userMessage: t.Nullable(messageJson),
  assistantMessage: t.Nullable(messageJson),
})

export const generateImagePostResponse = t.Object({
  success: t.Literal(true),
  imageUrl: t.String(),
  data: generatedImageResult,
})
