import { currentLocale, t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { answerFailure } from '../../lib/api-error'
import { speechLanguage } from './speech-language'
import '../../i18n/areas/dictation'

/** Loaded on the first press of the microphone, so the chat page's first load stays small. */

export type DictationState = 'listening' | 'transcribing' | 'off'

export interface DictationCallbacks {
  /** The words heard so far that may still change ('' clears the preview). */
  onInterim(text: string): void
  /** A finished piece of speech, to append to the input. */
  onFinal(text: string): void
  onState(state: DictationState): void
  /** A failure, in the user's language; dictation is off afterwards. */
  onError(message: string): void
}

export interface DictationSession {
  stop(): void
}

/** The browser stops recording after this long; the server refuses longer recordings too. */
const MAX_RECORDING_MS = 5 * 60 * 1000

interface RecognitionResult {
  isFinal: boolean
  0: { transcript: string }
}
interface RecognitionEvent {
  resultIndex: number
  results: ArrayLike<RecognitionResult>
}
interface Recognition {
  lang: string
  continuous: boolean
  interimResults: boolean
  onresult: ((event: RecognitionEvent) => void) | null
  onerror: ((event: { error: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
  abort(): void
}
type RecognitionConstructor = new () => Recognition

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition
}

/**
 * Starts dictation: the browser's speech recognition where there is one (continuous, interim
 * results, restarted whenever it ends while on), else recording with MediaRecorder for the
 * server's transcription when the server offers it; else 'Speech recognition is not supported in
 * your browser'. Resolves null when nothing could start (the error was reported).
 */
export async function startDictation(callbacks: DictationCallbacks): Promise<DictationSession | null> {
  const Recognition = recognitionConstructor()
  if (Recognition) return startRecognition(Recognition, callbacks)
  if (typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function') {
    const { data } = await api.capabilities.get().catch(() => ({ data: null }))
    if (data?.data.transcription) return startRecording(callbacks)
  }
  callbacks.onError(t('dictation.unsupported'))
  return null
}

function startRecognition(
  Recognition: RecognitionConstructor,
  callbacks: DictationCallbacks,
): DictationSession {
  const recognition = new Recognition()
  recognition.lang = speechLanguage(currentLocale())
  recognition.continuous = true
  recognition.interimResults = true
  let on = true
  recognition.onresult = (event) => {
    let interim = ''
    for (let index = event.resultIndex; index < event.results.length; index += 1) {
      const result = event.results[index]!
      if (result.isFinal) callbacks.onFinal(result[0].transcript)
      else interim += result[0].transcript
    }
    callbacks.onInterim(interim)
  }
  recognition.onerror = (event) => {
    // 'aborted' is our own stop.
    if (!on || event.error === 'aborted') return
    on = false
    callbacks.onInterim('')
    callbacks.onState('off')
    callbacks.onError(recognitionErrorText(event.error))
  }
  recognition.onend = () => {
    // Browsers end a session after a pause or a minute; while the microphone is on, listen again.
    if (on) {
      try {
        recognition.start()
        return
      } catch {
        on = false
      }
    }
    callbacks.onInterim('')
    callbacks.onState('off')
  }
  recognition.start()
  callbacks.onState('listening')
  return {
    stop() {
      on = false
      recognition.stop()
    },
  }
}

function recognitionErrorText(error: string): string {
  if (error === 'not-allowed' || error === 'service-not-allowed') return t('dictation.permissionDenied')
  if (error === 'audio-capture') return t('dictation.noMicrophone')
  return t('dictation.error', { error })
}

/** Containers the server accepts, in the order a browser is asked for them. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus']

async function startRecording(callbacks: DictationCallbacks): Promise<DictationSession | null> {
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  } catch (error) {
    const name = (error as { name?: string }).name
    callbacks.onError(
      name === 'NotAllowedError' || name === 'SecurityError'
        ? t('dictation.permissionDenied')
        : name === 'NotFoundError'
          ? t('dictation.noMicrophone')
          : t('dictation.error', { error: name ?? String(error) }),
    )
    return null
  }
  const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type))
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
  const chunks: Blob[] = []
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  }
  const limit = window.setTimeout(() => {
    callbacks.onError(t('dictation.tooLong'))
    recorder.stop()
  }, MAX_RECORDING_MS)
  recorder.onstop = () => {
    window.clearTimeout(limit)
    for (const track of stream.getTracks()) track.stop()
    const recording = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' })
    if (recording.size === 0) {
      callbacks.onState('off')
      return
    }
    callbacks.onState('transcribing')
    void transcribe(recording)
      .then((text) => {
        if (text) callbacks.onFinal(text)
      })
      .catch((error: Error) => callbacks.onError(error.message))
      .finally(() => callbacks.onState('off'))
  }
  recorder.start()
  callbacks.onState('listening')
  return {
    stop() {
      if (recorder.state !== 'inactive') recorder.stop()
    },
  }
}

/** `POST /api/transcribe` (multipart field `file`), with the user's language as a hint. */
async function transcribe(recording: Blob): Promise<string> {
  const form = new FormData()
  const extension = recording.type.includes('mp4') ? 'mp4' : recording.type.includes('ogg') ? 'ogg' : 'webm'
  form.append('file', recording, `dictation.${extension}`)
  const language = currentLocale()
  let response: Response
  try {
    response = await fetch(`/api/transcribe?language=${language}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    })
  } catch {
    throw new Error(t('dictation.transcribeFailed'))
  }
  const body = (await response.json().catch(() => null)) as { data?: { text?: string } } | null
  if (!response.ok) {
    throw await answerFailure({ status: response.status, value: body }, t('dictation.transcribeFailed'))
  }
  return body?.data?.text ?? ''
}
