/**
 * Whether a discovered model reads images, before any administrator says otherwise
 * (docs/decisions/143-vision-defaults-and-unseen-images.md): what the provider's model list says
 * about the model when it says anything, else what its name says.
 */
import type { ListedModel } from '../ai/openai-provider'

/** Families whose models take image input, matched in the id (any provider prefix, any size or date suffix). */
const KNOWN_VISION = [
  /gpt-4o/, // gpt-4o, gpt-4o-mini, chatgpt-4o-latest
  /gpt-4\.1/,
  /gpt-5/,
  /(?:^|\/)o[1-9]\d*(?:$|[-:._])/, // the o-series: o1, o3, o3-pro, o4-mini…
  /claude-(?:[a-z]+-)?(?:[3-9]|\d{2})/, // Claude 3 and later: claude-3-5-sonnet, claude-sonnet-4…
  /gemini/,
  /llava/, // llava, bakllava, llava-llama3…
  /vision/, // llama3.2-vision, Llama-3.2-11B-Vision-Instruct…
  /qwen[\d.]*-?vl/, // qwen-vl, qwen2-vl, qwen2.5-vl, qwen2.5vl, qwen3-vl…
  /-vl\b/, // other "-VL" releases
  /pixtral/,
  /llama-?4(?:\b|[-:._])/, // Llama 4 Scout and Maverick are natively multimodal
  /minicpm-v/,
  /moondream/,
]

/** Members of those families that OpenAI documents as text only. */
const TEXT_ONLY = /(?:^|\/)(?:o1-mini|o1-preview|o3-mini)(?:$|[-:._])/

/** True when the model's id names a family known to read images. */
export function knownVisionModel(id: string): boolean {
  const name = id.toLowerCase()
  return !TEXT_ONLY.test(name) && KNOWN_VISION.some((pattern) => pattern.test(name))
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined

/**
 * What the provider's list says about image input, or undefined when it says nothing:
 * - `architecture.input_modalities` (OpenRouter) or a top-level `input_modalities`: contains 'image';
 * - `architecture.modality` (OpenRouter's older field, 'text+image->text'): image before the arrow;
 * - `capabilities` as a list ('vision' among them) or as flags (`{ vision: true }`, as Mistral lists);
 * - `type: 'vlm'` (LM Studio).
 */
export function listedVision(model: ListedModel): boolean | undefined {
  const architecture =
    model.architecture && typeof model.architecture === 'object'
      ? (model.architecture as Record<string, unknown>)
      : undefined
  const modalities = strings(architecture?.input_modalities) ?? strings(model.input_modalities)
  if (modalities) return modalities.some((modality) => modality.toLowerCase() === 'image')
  if (typeof architecture?.modality === 'string') {
    const [input = ''] = architecture.modality.toLowerCase().split('->')
    return input.split('+').includes('image')
  }
  const capabilities = model.capabilities
  const listed = strings(capabilities)
  if (listed) return listed.some((capability) => capability.toLowerCase() === 'vision')
  if (capabilities && typeof capabilities === 'object') {
    const vision = (capabilities as Record<string, unknown>).vision
    if (typeof vision === 'boolean') return vision
  }
  if (model.type === 'vlm') return true
  return undefined
}

/** The vision default of a discovered (or configured) model: the provider's word, else its name. */
export function defaultVision(model: ListedModel): boolean {
  return listedVision(model) ?? knownVisionModel(model.id)
}

const DESCRIPTION_CHARS = 160

/**
 * The provider's own description of a model, as one short sentence, or '' when it gives none.
 * (Never the provider's address: that is an operator's detail, not something a user can use.)
 */
export function listedDescription(model: ListedModel): string {
  const text = typeof model.description === 'string' ? model.description.replace(/\s+/g, ' ').trim() : ''
  if (!text) return ''
  const sentence = text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text
  if (sentence.length <= DESCRIPTION_CHARS) return sentence
  const cut = sentence.slice(0, DESCRIPTION_CHARS - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length).trimEnd()}…`
}
