import type { APIError } from 'openai'
import { type OpenAiSdk, openaiSdk } from '../ai/openai-sdk'
import type { ImageSize } from '../config/model-prices'
import { detectImageType, type ImageType } from '../files/image-type'
import { AppError } from '../http/errors'
import { readCapped } from '../http/read-capped'

/** The most a generated image may weigh (a 1792×1024 PNG from DALL·E 3 is about 3 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024

export const IMAGE_FAILED = 'Failed to generate image'
export const IMAGE_NOT_SAVED = 'Failed to save generated image'

export interface ImageProviderSettings {
  baseUrl?: string
  apiKey?: string
  model: string
  timeoutMs: number
}

export interface GeneratedBytes {
  bytes: Uint8Array
  type: ImageType
}

/** The error of an image the asker stopped (Stop, or the tool's time-out): nothing was stored or charged. */
export const IMAGE_STOPPED = 'The image generation was stopped'

/** Throws when `signal` has fired: the person no longer waits for the image. */
export function throwIfStopped(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw stopped(signal)
}

const stopped = (signal: AbortSignal) =>
  new AppError('conflict:image_stopped', IMAGE_STOPPED, { cause: signal.reason })

/**
 * One image from the OpenAI-compatible images API (`POST {base}/images/generations`), as bytes:
 * a `b64_json` answer is decoded, a `url` answer is fetched at once (provider URLs expire within
 * the hour), within the same deadline and at most MAX_IMAGE_BYTES. Whatever goes wrong becomes an
 * AppError with the spec's texts; nothing is stored here. `signal` cancels the request (and the
 * download) mid-way, as the Image Generation tool's Stop and time-out do.
 */
export async function generateImageBytes(
  settings: ImageProviderSettings,
  prompt: string,
  size: ImageSize,
  signal?: AbortSignal,
): Promise<GeneratedBytes> {
  throwIfStopped(signal)
  const deadline = Date.now() + settings.timeoutMs
  const sdk = await openaiSdk()
  const client = new sdk.default({
    baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
    apiKey: settings.apiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: settings.timeoutMs,
  })
  let answer: { url?: string | null; b64_json?: string | null } | undefined
  try {
    // No response_format: DALL·E answers a URL by default, gpt-image models only ever b64_json.
    const response = await client.images.generate(
      { model: settings.model, prompt, size, n: 1 },
      signal ? { signal } : undefined,
    )
    answer = response.data?.[0]
  } catch (error) {
    if (signal?.aborted) throw stopped(signal)
    throw providerFailure(sdk, error)
  }
  if (answer?.b64_json) return checkImage(Buffer.from(answer.b64_json, 'base64'))
  if (answer?.url) return checkImage(await download(answer.url, deadline, signal))
  throw new AppError('unavailable:image_provider', IMAGE_FAILED, {
    cause: new Error('the images API answered without url or b64_json'),
  })
}

function providerFailure(sdk: OpenAiSdk, error: unknown): AppError {
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return new AppError(
      'unavailable:image_timeout',
      'The image service did not answer in time. Please try again.',
      { cause: error },
    )
  }
  if (error instanceof sdk.APIError && isContentPolicy(error)) {
    return new AppError(
      'unprocessable:image_content_policy',
      'The image service refused this description under its content policy. Please describe something else.',
      { cause: error },
    )
  }
  return new AppError('unavailable:image_provider', IMAGE_FAILED, { cause: error })
}

/** OpenAI answers 400 with code `content_policy_violation` (older: the type, or the message says so). */
function isContentPolicy(error: APIError): boolean {
  const body = error.error as { code?: string; type?: string } | undefined
  return (
    error.status === 400 &&
    (error.code === 'content_policy_violation' ||
      body?.code === 'content_policy_violation' ||
      body?.type === 'content_policy_violation' ||
      /safety system|content policy/i.test(error.message))
  )
}

async function download(url: string, deadline: number, signal?: AbortSignal): Promise<Uint8Array> {
  const notSaved = (cause: unknown) => new AppError('unavailable:image_download', IMAGE_NOT_SAVED, { cause })
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch (error) {
    throw notSaved(error)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw notSaved(new Error('not http(s)'))
  try {
    const timeout = AbortSignal.timeout(Math.max(1, deadline - Date.now()))
    const response = await fetch(parsed, {
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      redirect: 'follow',
    })
    if (!response.ok || !response.body) throw new Error(`the image URL answered ${response.status}`)
    const declared = Number(response.headers.get('content-length') ?? 0)
    if (declared > MAX_IMAGE_BYTES) throw new Error(`the image is ${declared} bytes`)
    return await readCapped(response, MAX_IMAGE_BYTES)
  } catch (error) {
    if (signal?.aborted) throw stopped(signal)
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new AppError(
        'unavailable:image_timeout',
        'The image service did not answer in time. Please try again.',
        { cause: error },
      )
    }
    throw notSaved(error)
  }
}

function checkImage(bytes: Uint8Array): GeneratedBytes {
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError('unavailable:image_download', IMAGE_NOT_SAVED, { cause: new Error('too large') })
  }
  const type = detectImageType(bytes)
  if (!type) {
    throw new AppError('unavailable:image_download', IMAGE_NOT_SAVED, {
      cause: new Error('the answer is not a PNG, JPEG, GIF or WebP image'),
    })
  }
  return { bytes, type }
}
