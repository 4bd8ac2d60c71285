import type { Config } from '../config'

/**
 * The OpenAI-compatible embeddings API (spec section 7: `POST {model, input, encoding_format:
 * 'float'}`, reading `data[i].embedding`; `error.message` on failure), batched: `input` is an
 * array of up to EMBED_BATCH texts. Errors carry the spec's texts (section 8).
 */
export const EMBED_BATCH = 64
const PROVIDER = 'OpenAI'

export class EmbeddingError extends Error {}

export interface Embedder {
  /** The model and dimensions, as recorded on indexed entries ("text-embedding-3-small@1536"). */
  readonly id: string
  readonly dimensions: number
  /**
   * `onBatch` hears how many texts are embedded so far, after each request; when it throws (the
   * entry changed meanwhile), the next requests are not sent.
   */
  embed(texts: string[], onBatch?: (done: number) => void | Promise<void>): Promise<number[][]>
}

/** The configured embedder, or null when no provider is configured (full-text-only mode). */
export function createEmbedder(config: Config, fetcher: typeof fetch = fetch): Embedder | null {
  const { openaiBaseUrl, openaiApiKey, embeddingModel, embeddingDimensions, embeddingTimeoutMs } = config.ai
  if (!openaiBaseUrl && !openaiApiKey) return null
  const baseUrl = (openaiBaseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')
  return {
    id: `${embeddingModel}@${embeddingDimensions}`,
    dimensions: embeddingDimensions,
    async embed(texts, onBatch) {
      if (texts.some((text) => !text.trim())) throw new EmbeddingError('Text cannot be empty')
      const vectors: number[][] = []
      for (let start = 0; start < texts.length; start += EMBED_BATCH) {
        const batch = texts.slice(start, start + EMBED_BATCH)
        vectors.push(...(await embedBatch(batch)))
        await onBatch?.(vectors.length)
      }
      return vectors
    },
  }

  async function embedBatch(input: string[]): Promise<number[][]> {
    let response: Response
    const signal = AbortSignal.timeout(embeddingTimeoutMs)
    try {
      response = await fetcher(`${baseUrl}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(openaiApiKey ? { authorization: `Bearer ${openaiApiKey}` } : {}),
        },
        body: JSON.stringify({ model: embeddingModel, input, encoding_format: 'float' }),
        // Per request (EMBEDDING_TIMEOUT_MS); the signal also bounds reading the answer's body.
        signal,
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new EmbeddingError(
        `${PROVIDER} API error: ${timedOut ? 'the request timed out' : 'the provider could not be reached'}`,
        { cause: error },
      )
    }
    const body = (await response.json().catch(() => null)) as {
      data?: { embedding?: unknown; index?: number }[]
      error?: { message?: string }
    } | null
    // Headers came, then the body stalled past the limit: a time-out too, not "unexpected response".
    if (body === null && signal.aborted)
      throw new EmbeddingError(`${PROVIDER} API error: the request timed out`, { cause: signal.reason })
    if (!response.ok) {
      if (response.status === 401 && !openaiApiKey)
        throw new EmbeddingError('OpenAI API key is not configured')
      throw new EmbeddingError(`${PROVIDER} API error: ${body?.error?.message ?? `HTTP ${response.status}`}`)
    }
    const data = [...(body?.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    if (data.length !== input.length) throw new EmbeddingError(`${PROVIDER} API error: unexpected response`)
    return data.map(({ embedding }) => {
      if (!Array.isArray(embedding) || embedding.length !== embeddingDimensions)
        throw new EmbeddingError(`Invalid embedding dimensions: expected ${embeddingDimensions}`)
      if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value)))
        throw new EmbeddingError(`${PROVIDER} API error: unexpected response`)
      return embedding as number[]
    })
  }
}
