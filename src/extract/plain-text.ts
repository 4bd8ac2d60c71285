import { ExtractionFailure } from './extraction-failure'

/** Decodes a text file: UTF-16 when a BOM says so, UTF-8 otherwise (a UTF-8 BOM is dropped). */
export function decodeText(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8'
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch (error) {
    throw new ExtractionFailure(`invalid ${encoding}`, { cause: error })
  }
}
