import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { detectAudioType, wavSeconds } from './audio-type'
import { MAX_AUDIO_BYTES } from './service'

const fake = startFakeOpenAi()
let t: TestApp
let alice: TestUser

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    TRANSCRIPTION_MODEL: 'fake-whisper',
    AI_TIMEOUT_MS: '1000',
  })
  alice = await t.createUser()
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setTranscriptionScript({}))

/** The first bytes of a WebM file as MediaRecorder writes it (EBML header), then filler. */
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, ...new Array(200).fill(0)])

/** A PCM WAV header claiming `seconds` of 16 kHz 16-bit mono audio, with `bytes` of samples actually present. */
function wav(seconds: number, bytes = 64): Uint8Array {
  const byteRate = 16_000 * 2
  const out = new Uint8Array(44 + bytes)
  const view = new DataView(out.buffer)
  out.set(new TextEncoder().encode('RIFF'), 0)
  view.setUint32(4, 36 + seconds * byteRate, true)
  out.set(new TextEncoder().encode('WAVEfmt '), 8)
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, 16_000, true)
  view.setUint32(28, byteRate, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  out.set(new TextEncoder().encode('data'), 36)
  view.setUint32(40, seconds * byteRate, true)
  return out
}

function upload(user: TestUser | null, bytes: Uint8Array | null, name = 'speech.webm', query = '') {
  const form = new FormData()
  if (bytes) form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'audio/webm' }))
  return t.request(`/api/transcribe${query}`, {
    method: 'POST',
    headers: user ? user.headers : {},
    body: form,
  })
}

describe('POST /api/transcribe', () => {
  test('a recording comes back as its text; the provider gets TRANSCRIPTION_MODEL and the sniffed type', async () => {
    fake.setTranscriptionScript({ text: '  Remind me to water the plants.  ' })
    const res = await upload(alice, WEBM, 'whatever.bin', '?language=de')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { text: 'Remind me to water the plants.' } })
    // The multipart encoder types the part from its name: .webm reads as video/webm, which providers accept.
    expect(fake.uploads.at(-1)).toEqual({
      model: 'fake-whisper',
      filename: 'recording.webm',
      type: expect.stringMatching(/\/webm$/),
      size: WEBM.byteLength,
    })
  })

  test('a WAV file within the length limit is accepted', async () => {
    expect((await upload(alice, wav(3), 'a.wav')).status).toBe(200)
  })

  test('a file that is not audio is 415, before the provider is called', async () => {
    const before = fake.uploads.length
    const res = await upload(alice, new TextEncoder().encode('<html>not audio</html>'))
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ code: 'unsupported_media_type:audio' })
    expect(fake.uploads.length).toBe(before)
  })

  test('a missing file is 400; a file over the size limit or a WAV over five minutes is 413', async () => {
    const missing = await upload(alice, null)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'bad_request:audio_file' })
    const big = new Uint8Array(MAX_AUDIO_BYTES + 1)
    big.set(WEBM.subarray(0, 4))
    const tooBig = await upload(alice, big)
    expect(tooBig.status).toBe(413)
    expect(await tooBig.json()).toMatchObject({ code: 'payload_too_large:audio' })
    const tooLong = await upload(alice, wav(301), 'long.wav')
    expect(tooLong.status).toBe(413)
    expect(await tooLong.json()).toMatchObject({ code: 'payload_too_large:audio_length' })
  })

  test('a provider error and a provider that never answers are clear 503s', async () => {
    fake.setTranscriptionScript({ fail: { status: 500 } })
    const failed = await upload(alice, WEBM)
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ code: 'unavailable:transcription_provider' })
    fake.setTranscriptionScript({ hang: true })
    const slow = await upload(alice, WEBM)
    expect(slow.status).toBe(503)
    expect(await slow.json()).toMatchObject({ code: 'unavailable:transcription_timeout' })
  })

  test('needs a session', async () => {
    expect((await upload(null, WEBM)).status).toBe(401)
  })

  test('capabilities report transcription as configured', async () => {
    expect((await t.as(alice).api.capabilities.get()).data?.data).toMatchObject({ transcription: true })
  })

  test('without a provider, or with TRANSCRIPTION_MODEL set empty, it is 503 unavailable:transcription', async () => {
    const envs: Record<string, string>[] = [{}, { OPENAI_BASE_URL: fake.url, TRANSCRIPTION_MODEL: '' }]
    for (const env of envs) {
      const bare = await startApp(env)
      try {
        const user = await bare.createUser()
        const form = new FormData()
        form.append('file', new File([WEBM], 'a.webm'))
        const res = await bare.request('/api/transcribe', {
          method: 'POST',
          headers: user.headers,
          body: form,
        })
        expect(res.status).toBe(503)
        expect(await res.json()).toEqual({
          success: false,
          error: 'Voice transcription is not configured on this server',
          code: 'unavailable:transcription',
        })
      } finally {
        await bare.close()
      }
    }
  })
})

describe('audio sniffing', () => {
  test('recognises the containers browsers record and refuses the rest', () => {
    const ascii = (text: string) => new TextEncoder().encode(text)
    expect(detectAudioType(WEBM)?.mime).toBe('audio/webm')
    expect(detectAudioType(ascii('OggS\0\u0002'))?.mime).toBe('audio/ogg')
    expect(detectAudioType(ascii('\0\0\0\u0018ftypM4A '))?.mime).toBe('audio/mp4')
    expect(detectAudioType(ascii('ID3\u0004'))?.mime).toBe('audio/mpeg')
    expect(detectAudioType(new Uint8Array([0xff, 0xfb, 0x90, 0x00]))?.mime).toBe('audio/mpeg')
    expect(detectAudioType(wav(1))?.mime).toBe('audio/wav')
    expect(detectAudioType(ascii('%PDF-1.7'))).toBeNull()
    expect(wavSeconds(wav(42))).toBe(42)
  })
})
