import { IMAGE_SIZES } from '../../config/model-prices'
import type { AppContext } from '../../context'
import { generateToolImage, imageGenerationAvailable } from '../../images/service'
import { IMAGE_STYLES, MAX_PROMPT_CHARS } from '../../images/styles'
import type { ChatTool } from '../types'
import { optionalChoice, requiredText, throwIfAborted, unknownFunction } from './arguments'

export const GENERATE_IMAGE_FUNCTION = 'generate_image'

/** The image's alt text: its prompt, cut where a caption would stop being read. */
const ALT_CHARS = 200

/**
 * Image Generation as a tool (issue 30 point 6): the images feature itself (its budget check and
 * charge, its stored copy, sizes and styles) for the actor, without the two chat messages
 * `POST /api/generate-image` adds: the image belongs to the answer that called the tool. Only
 * when an image model is configured.
 */
export function imageGenerationTool(ctx: AppContext): ChatTool | null {
  if (!imageGenerationAvailable(ctx.config)) return null
  return {
    id: 'image-generation',
    functions: [
      {
        name: GENERATE_IMAGE_FUNCTION,
        description:
          'Generate an image from a description. The image is shown to the user with the answer; do not repeat its URL.',
        parameters: {
          type: 'object',
          properties: {
            prompt: { type: 'string', description: 'A detailed description of the image.' },
            size: { type: 'string', enum: [...IMAGE_SIZES], description: 'Width x height in pixels.' },
            style: { type: 'string', enum: [...IMAGE_STYLES] },
          },
          required: ['prompt'],
          additionalProperties: false,
        },
      },
    ],
    async run(name, args, { actor, chatId, messageId, signal }) {
      if (name !== GENERATE_IMAGE_FUNCTION) throw unknownFunction('image generation', name)
      const prompt = requiredText(args, 'prompt', MAX_PROMPT_CHARS)
      const size = optionalChoice(args, 'size', IMAGE_SIZES)
      const style = optionalChoice(args, 'style', IMAGE_STYLES)
      throwIfAborted(signal)
      // A Stop or the time-out while the image is made cancels the request: nothing stored or charged.
      const image = await generateToolImage(
        ctx,
        actor,
        { prompt, size, style },
        { chatId, messageId, signal },
      )
      const alt = prompt.length > ALT_CHARS ? `${prompt.slice(0, ALT_CHARS)}…` : prompt
      return { text: `Image generated: ${alt}`, images: [{ url: image.imageUrl, alt }] }
    },
  }
}
