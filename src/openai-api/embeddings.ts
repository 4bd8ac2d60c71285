import { estimateTokens } from '../ai/prompt'
import { type KeyHolder, requireScope } from '../api-keys/authenticate'
import { costMicros, type PricePerMillion } from '../budget/money'
import { reserveBudget, settleReply } from '../budget/service'
import type { AppContext } from '../context'
import { createEmbedder, EmbeddingError } from '../knowledge/embeddings'
import { invalidRequest, modelNotFound, OpenAiError, providerFailed } from './errors'
import { requireRate, reserveKeyLimit } from './limits'

/** OpenAI's own cap on one request's inputs. */
const MAX_INPUTS = 2048

/**
 * POST /v1/embeddings through the embeddings provider the knowledge base uses (EMBEDDING_MODEL):
 * the key's scope, rate and monthly limit and the person's budget checked first, the call's tokens
 * recorded against the person and the key. The price is MODEL_PRICES' input price for the embedding
 * model (`text-embedding-3-small=0.02/0`); without an entry the call costs 0. The tokens are
 * estimated (the provider's count is not read), and the estimate is reserved before the call.
 */
export async function createEmbeddings(ctx: AppContext, holder: KeyHolder, body: Record<string, unknown>) {
  requireScope(holder, 'embeddings')
  requireRate(ctx, holder)
  const { embeddingModel, embeddingDimensions } = ctx.config.ai
  const model = body.model
  if (typeof model !== 'string' || !model.trim())
    throw invalidRequest(`'model' is required: this server embeds with ${embeddingModel}`, 'model')
  const inputs = readInputs(body.input)
  const format = body.encoding_format ?? 'float'
  if (format !== 'float' && format !== 'base64')
    throw invalidRequest("'encoding_format' must be 'float' or 'base64'", 'encoding_format')
  const dimensions = body.dimensions
  if (dimensions !== undefined && dimensions !== null && dimensions !== embeddingDimensions)
    throw invalidRequest(`'dimensions' must be ${embeddingDimensions} on this server`, 'dimensions')
  if (model !== embeddingModel) throw modelNotFound(model)
  const embedder = createEmbedder(ctx.config)
  if (!embedder)
    throw new OpenAiError(
      503,
      'No embeddings provider is configured on this server',
      'server_error',
      'model_unavailable',
    )
  const promptTokens = inputs.reduce((sum, text) => sum + estimateTokens(text), 0)
  const price = embeddingPrice(ctx, embeddingModel)
  const estimate = costMicros({ promptTokens, completionTokens: 0 }, price, 'up')
  const hold = await reserveKeyLimit(ctx, holder, estimate)
  let vectors: number[][]
  try {
    const reservation = await reserveBudget(ctx, holder.actor, estimate)
    try {
      vectors = await embedder.embed(inputs)
    } catch (error) {
      await reservation.release()
      if (error instanceof EmbeddingError) throw providerFailed(error.message, error)
      throw error
    }
    await settleReply(ctx, holder.actor, {
      reservation,
      usage: {
        chatId: null,
        messageId: null,
        modelId: embeddingModel,
        promptTokens,
        completionTokens: 0,
        costMicros: costMicros({ promptTokens, completionTokens: 0 }, price),
        estimated: true,
        apiKeyId: holder.keyId,
      },
    })
  } finally {
    // After the usage row: the call counts on the key as its reservation or as its cost, never neither.
    await hold.release()
  }
  return {
    object: 'list' as const,
    data: vectors.map((vector, index) => ({
      object: 'embedding' as const,
      index,
      embedding: format === 'base64' ? base64Floats(vector) : vector,
    })),
    model: embeddingModel,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  }
}

/** The embedding model's price per million input tokens (MODEL_PRICES), none: free. */
function embeddingPrice(ctx: AppContext, model: string): PricePerMillion {
  const price = ctx.config.ai.modelPrices[model]
  return { inputMicrosPerMillion: price?.inputMicrosPerMillion ?? 0, outputMicrosPerMillion: 0 }
}

function readInputs(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_INPUTS)
    throw invalidRequest(`'input' must be a string or an array of 1 to ${MAX_INPUTS} strings`, 'input')
  if (!list.every((item) => typeof item === 'string'))
    throw invalidRequest("'input' must hold text: token arrays are not supported", 'input')
  if (list.some((item) => !(item as string).trim()))
    throw invalidRequest("'input' cannot hold empty text", 'input')
  return list as string[]
}

/** OpenAI's base64 form: the vector's float32 values, little-endian, as the SDKs decode them. */
function base64Floats(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64')
}
