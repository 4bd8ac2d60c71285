import { describe, expect, test } from 'bun:test'
import { buildDocxEntries, buildZip } from '../test/docs'
import { ExtractionFailure } from './extraction-failure'
import { checkZipBudget } from './zip-guard'

const limits = { maxUnpackedBytes: 100 * 1024 * 1024, maxCompressionRatio: 100 }

const reasonOf = (bytes: Uint8Array) => {
  try {
    checkZipBudget(bytes, limits)
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionFailure)
    return (error as ExtractionFailure).reason
  }
  return 'accepted'
}

describe('checkZipBudget', () => {
  test('accepts an ordinary document', () => {
    expect(reasonOf(buildZip(buildDocxEntries([{ paragraph: 'Hello' }])))).toBe('accepted')
  })

  test('refuses an archive declaring more than the unpack budget', () => {
    const entries = buildDocxEntries([{ paragraph: 'Hello' }])
    const bomb = buildZip([...entries, { name: 'word/media/huge.bin', data: 'x', declaredSize: 0xfffffff0 }])
    expect(reasonOf(bomb)).toStartWith('zip bomb: declares')
  })

  test('refuses a highly compressible large entry by its ratio', () => {
    const entries = buildDocxEntries([{ paragraph: 'Hello' }])
    const bomb = buildZip([...entries, { name: 'word/filler.xml', data: new Uint8Array(50 * 1024 * 1024) }])
    expect(bomb.length).toBeLessThan(200 * 1024)
    expect(reasonOf(bomb)).toStartWith('zip bomb: compression ratio')
  })

  test('catches an entry that inflates to more than it declares, without inflating it all', () => {
    const entries = buildDocxEntries([{ paragraph: 'Hello' }])
    const liar = buildZip([
      ...entries,
      { name: 'word/filler.xml', data: new Uint8Array(200_000), declaredSize: 1000 },
    ])
    expect(reasonOf(liar)).toBe('zip bomb or corrupt entry: word/filler.xml')
  })

  test('refuses bytes that are not a zip and a stored entry whose sizes disagree', () => {
    expect(reasonOf(new TextEncoder().encode('PK not really'))).toBe('unreadable zip directory')
    const stored = buildZip([{ name: 'a.txt', data: 'hello', deflate: false, declaredSize: 4 }])
    expect(reasonOf(stored)).toBe('stored size mismatch')
  })
})
