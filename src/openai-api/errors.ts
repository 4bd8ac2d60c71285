import { AppError } from '../http/errors'

/*
 * OpenAI's error shape, `{error: {message, type, code, param}}`, with OpenAI's statuses: the SDKs
 * (and every tool built on them) read `error.code` and the status, and retry on 429 and 5xx. Every
 * answer under /v1, including the HTTP layer's refusals (src/http/base.ts), takes this shape.
 */

export const OPENAI_PREFIX = '/v1'

export const isOpenAiPath = (path: string) => path === OPENAI_PREFIX || path.startsWith(`${OPENAI_PREFIX}/`)

export type OpenAiErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'insufficient_quota'
  | 'server_error'
  | 'api_error'

export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: OpenAiErrorType,
    readonly code: string | null,
    readonly param: string | null = null,
    readonly headers?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'OpenAiError'
  }
}

export const invalidRequest = (message: string, param: string | null, code: string | null = null) =>
  new OpenAiError(400, message, 'invalid_request_error', code, param)

export const invalidApiKey = (message: string) =>
  new OpenAiError(401, message, 'invalid_request_error', 'invalid_api_key')

export const permissionDenied = (message: string, param: string | null = null) =>
  new OpenAiError(403, message, 'permission_error', 'permission_denied', param)

export const modelNotFound = (model: string) =>
  new OpenAiError(
    404,
    `The model '${model}' does not exist or you do not have access to it.`,
    'invalid_request_error',
    'model_not_found',
    'model',
  )

export const insufficientQuota = (message: string) =>
  new OpenAiError(429, message, 'insufficient_quota', 'insufficient_quota')

export const rateLimited = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return new OpenAiError(
    429,
    `Rate limit reached for this API key. Try again in ${seconds}s.`,
    'rate_limit_error',
    'rate_limit_exceeded',
    null,
    { 'retry-after': String(seconds) },
  )
}

export const providerFailed = (reason: string, cause?: unknown) =>
  new OpenAiError(
    502,
    `The model provider failed: ${reason}`,
    'api_error',
    'provider_error',
    null,
    undefined,
    {
      cause,
    },
  )

export function openAiErrorBody(error: Pick<OpenAiError, 'message' | 'type' | 'code' | 'param'>) {
  return { error: { message: error.message, type: error.type, code: error.code, param: error.param } }
}

export function openAiErrorResponse(error: OpenAiError): Response {
  const challenge: Record<string, string> =
    error.status === 401 ? { 'www-authenticate': 'Bearer realm="parley"' } : {}
  return Response.json(openAiErrorBody(error), {
    status: error.status,
    headers: { ...error.headers, ...challenge },
  })
}

/** The OpenAI error a status of the app's HTTP layer (body limits, malformed JSON, NUL) stands for. */
export function fromStatus(status: number, message: string, headers?: Record<string, string>): OpenAiError {
  if (status === 401)
    return new OpenAiError(401, message, 'invalid_request_error', 'invalid_api_key', null, headers)
  if (status === 403)
    return new OpenAiError(403, message, 'permission_error', 'permission_denied', null, headers)
  if (status === 404)
    return new OpenAiError(404, message, 'invalid_request_error', 'not_found', null, headers)
  if (status === 429)
    return new OpenAiError(429, message, 'rate_limit_error', 'rate_limit_exceeded', null, headers)
  if (status >= 500) return new OpenAiError(status, message, 'server_error', null, null, headers)
  return new OpenAiError(status, message, 'invalid_request_error', null, null, headers)
}

/**
 * Any error of a /v1 request as OpenAI's: ours as they are; the app's services' AppErrors by
 * meaning (a budget refusal is `insufficient_quota`, a group's refusal `permission_denied`).
 * Null for an unexpected error (the caller logs it and answers 500 in OpenAI's shape).
 */
export function toOpenAiError(error: unknown): OpenAiError | null {
  if (error instanceof OpenAiError) return error
  if (!(error instanceof AppError)) return null
  if (error.code === 'rate_limited:budget') return insufficientQuota(error.message)
  if (error.code === 'forbidden:model_not_allowed')
    return new OpenAiError(403, error.message, 'permission_error', 'model_not_allowed', 'model')
  if (error.code === 'payload_too_large:body')
    return new OpenAiError(413, error.message, 'invalid_request_error', 'request_too_large')
  if (error.code === 'unsupported_media_type:body')
    return new OpenAiError(415, error.message, 'invalid_request_error', 'unsupported_media_type')
  return fromStatus(error.status, error.message, error.headers)
}
