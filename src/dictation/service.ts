import { openaiSdk } from '../ai/openai-sdk'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { readLimitedForm } from '../files/read-upload'
import { AppError } from '../http/errors'
import { detectAudioType, wavSeconds } from './audio-type'

/**
 * Limits of one dictation (docs/decisions/123): the browser stops recording at MAX_AUDIO_SECONDS;
 * the server holds WAV files to it from their header and every format to MAX_AUDIO_BYTES, which
 * five minutes of the Opus or AAC a browser records stays far below.
 */
export const MAX_AUDIO_BYTES = 10 * 1024 * 1024
export const MAX_AUDIO_SECONDS = 300

/** Dictation's fallback is reachable: an OpenAI-compatible provider and a TRANSCRIPTION_MODEL. */
export function transcriptionAvailable(config: AppContext['config']): boolean {
  return Boolean((config.ai.openaiBaseUrl || config.ai.openaiApiKey) && config.ai.transcriptionModel)
}

const tooLarge = () => new AppError('payload_too_large:audio', 'The recording is too large: at most 10 MB')

/**
 * `POST /api/transcribe` (multipart field `file`): the recording's text, from the
 * OpenAI-compatible `/audio/transcriptions` with TRANSCRIPTION_MODEL. Refused before the provider
 * is called when the file is missing or not audio (400/415), too big (413) or too long (413), or
 * dictation is not configured (503, after the upload is checked).
 */
export async function transcribeRecording(
  ctx: AppContext,
  _actor: Actor,
  request: Request,
  language: string | undefined,
): Promise<{ text: string }> {
  const form = await readLimitedForm(request, MAX_AUDIO_BYTES, tooLarge)
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) {
    throw new AppError('bad_request:audio_file', 'file: attach the recording as the multipart field "file"')
  }
  if (file.size > MAX_AUDIO_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = detectAudioType(bytes)
  if (!type) {
    throw new AppError(
      'unsupported_media_type:audio',
      'The recording is not audio (WebM, Ogg, MP4, MP3 or WAV)',
    )
  }
  if (type.ext === 'wav' && (wavSeconds(bytes) ?? 0) > MAX_AUDIO_SECONDS) {
    throw new AppError('payload_too_large:audio_length', 'The recording is too long: at most 5 minutes')
  }
  // Checked after the upload: a malformed request is the client's fault (4xx) whatever the server offers.
  const model = ctx.config.ai.transcriptionModel
  if (!transcriptionAvailable(ctx.config) || !model) {
    throw new AppError('unavailable:transcription', 'Voice transcription is not configured on this server')
  }
  const sdk = await openaiSdk()
  const client = new sdk.default({
    baseURL: ctx.config.ai.openaiBaseUrl ?? 'https://api.openai.com/v1',
    apiKey: ctx.config.ai.openaiApiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: ctx.config.ai.requestTimeoutMs,
  })
  try {
    const result = await client.audio.transcriptions.create({
      model,
      // The provider guesses the format from the name: give it the one the bytes say.
      file: new File([bytes], `recording.${type.ext}`, { type: type.mime }),
      ...(language ? { language } : {}),
    })
    return { text: result.text.trim() }
  } catch (error) {
    if (error instanceof sdk.APIConnectionTimeoutError) {
      throw new AppError(
        'unavailable:transcription_timeout',
        'The transcription service did not answer in time',
        {
          cause: error,
        },
      )
    }
    throw new AppError('unavailable:transcription_provider', 'Failed to transcribe the recording', {
      cause: error,
    })
  }
}
