import { describe, expect, test } from 'bun:test'
import { formatFileSize } from './file-size'

describe('formatFileSize', () => {
  test('shows zero (and nonsense) as "0 Bytes"', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(-5)).toBe('0 Bytes')
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes')
  })

  test('uses base 1024 and the units Bytes, KB, MB, GB', () => {
    expect(formatFileSize(1)).toBe('1 Bytes')
    expect(formatFileSize(1023)).toBe('1023 Bytes')
    expect(formatFileSize(1024)).toBe('1 KB')
    expect(formatFileSize(1024 * 1024)).toBe('1 MB')
    expect(formatFileSize(5242880)).toBe('5 MB')
    expect(formatFileSize(1024 ** 3)).toBe('1 GB')
  })

  test('rounds to at most 2 decimals and stays in GB beyond it', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(1234567)).toBe('1.18 MB')
    expect(formatFileSize(1024 ** 4)).toBe('1024 GB')
  })
})
