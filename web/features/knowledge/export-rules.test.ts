import { describe, expect, test } from 'bun:test'
import { EXPORT_TAG, exportPatch } from './export-rules'

const exported = {
  title: 'Trip planning',
  metadata: { message_count: 4, exported_at: '2026-11-24T10:00:00Z' },
}
const defaults = { title: 'Trip planning', tags: [EXPORT_TAG], notes: '', isShared: false }

describe('the export patch (spec section 4)', () => {
  test('the defaults send no patch', () => {
    expect(exportPatch(defaults, exported)).toBeNull()
  })

  test('a changed title is patched', () => {
    expect(exportPatch({ ...defaults, title: 'Lisbon trip' }, exported)?.title).toBe('Lisbon trip')
  })

  test('a blank title is not a change and keeps the exported one', () => {
    expect(exportPatch({ ...defaults, title: '  ' }, exported)).toBeNull()
    expect(exportPatch({ ...defaults, title: '', isShared: true }, exported)?.title).toBe('Trip planning')
  })

  test('more than one tag is patched; one other tag alone is not', () => {
    expect(exportPatch({ ...defaults, tags: ['chat-export', 'travel'] }, exported)?.tags).toEqual([
      'chat-export',
      'travel',
    ])
    expect(exportPatch({ ...defaults, tags: ['travel'] }, exported)).toBeNull()
  })

  test('shared is patched', () => {
    expect(exportPatch({ ...defaults, isShared: true }, exported)?.is_shared).toBe(true)
  })

  test('notes are added to the export metadata', () => {
    expect(exportPatch({ ...defaults, notes: ' ask Bob ' }, exported)?.metadata).toEqual({
      message_count: 4,
      exported_at: '2026-11-24T10:00:00Z',
      notes: 'ask Bob',
    })
  })
})
