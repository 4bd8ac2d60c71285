import { describe, expect, test } from 'bun:test'
import { canonicalTimeZone, periodStarts, startOfLocalDay } from './periods'

const starts = (now: string, zone: string) => {
  const { day, month } = periodStarts(new Date(now), zone)
  return { day: day.toISOString(), month: month.toISOString() }
}

describe('periodStarts', () => {
  test('UTC: midnight today and the first of the month, UTC', () => {
    expect(starts('2026-03-15T12:00:00.000Z', 'UTC')).toEqual({
      day: '2026-03-15T00:00:00.000Z',
      month: '2026-03-01T00:00:00.000Z',
    })
  })

  test('Europe/Paris: the day begins at 23:00 UTC the evening before (winter time, +1)', () => {
    expect(starts('2026-03-15T12:00:00.000Z', 'Europe/Paris')).toEqual({
      day: '2026-03-14T23:00:00.000Z',
      month: '2026-02-28T23:00:00.000Z',
    })
    // 22:59 UTC is still the 15th in Paris; one minute later it is the 16th.
    expect(starts('2026-03-15T22:59:59.999Z', 'Europe/Paris').day).toBe('2026-03-14T23:00:00.000Z')
    expect(starts('2026-03-15T23:00:00.000Z', 'Europe/Paris').day).toBe('2026-03-15T23:00:00.000Z')
  })

  test('Europe/Paris summer time: the day begins at 22:00 UTC (+2)', () => {
    expect(starts('2026-07-10T09:00:00.000Z', 'Europe/Paris')).toEqual({
      day: '2026-07-09T22:00:00.000Z',
      month: '2026-06-30T22:00:00.000Z',
    })
  })

  test('a DST day: Paris moves to summer time at 02:00 on 29 March 2026, after its midnight (+1)', () => {
    // Late on the DST day (23 hours long), it still began at its own midnight, 23:00 UTC the day before.
    expect(starts('2026-03-29T21:30:00.000Z', 'Europe/Paris').day).toBe('2026-03-28T23:00:00.000Z')
    // The next day starts at 22:00 UTC, with the new offset.
    expect(starts('2026-03-29T22:00:00.000Z', 'Europe/Paris').day).toBe('2026-03-29T22:00:00.000Z')
    expect(starts('2026-03-29T21:59:59.999Z', 'Europe/Paris').day).toBe('2026-03-28T23:00:00.000Z')
  })

  test('America/Los_Angeles: the month starts at 07:00 or 08:00 UTC on the 1st, by DST', () => {
    // Still October in Los Angeles at 06:59 UTC on 1 November.
    expect(starts('2026-11-01T06:59:59.000Z', 'America/Los_Angeles')).toEqual({
      day: '2026-10-31T07:00:00.000Z',
      month: '2026-10-01T07:00:00.000Z',
    })
    // 1 November 2026 is also the day summer time ends (25 hours long); it began at 07:00 UTC (-7).
    expect(starts('2026-11-01T07:00:00.000Z', 'America/Los_Angeles')).toEqual({
      day: '2026-11-01T07:00:00.000Z',
      month: '2026-11-01T07:00:00.000Z',
    })
    expect(starts('2026-11-02T07:59:59.000Z', 'America/Los_Angeles').day).toBe('2026-11-01T07:00:00.000Z')
    // After the change the offset is -8: the next day and December begin at 08:00 UTC.
    expect(starts('2026-12-15T20:00:00.000Z', 'America/Los_Angeles')).toEqual({
      day: '2026-12-15T08:00:00.000Z',
      month: '2026-12-01T08:00:00.000Z',
    })
  })

  test('a zone east of UTC by a fraction of an hour: Asia/Kolkata (+5:30)', () => {
    expect(starts('2026-03-31T18:30:00.000Z', 'Asia/Kolkata')).toEqual({
      day: '2026-03-31T18:30:00.000Z',
      month: '2026-03-31T18:30:00.000Z',
    })
  })
})

describe('startOfLocalDay', () => {
  test('where DST skips midnight, the day starts at the first minute that exists (Santiago, 00:00 → 01:00)', () => {
    expect(startOfLocalDay(2022, 9, 11, 'America/Santiago').toISOString()).toBe('2022-09-11T04:00:00.000Z')
    expect(startOfLocalDay(2022, 9, 10, 'America/Santiago').toISOString()).toBe('2022-09-10T04:00:00.000Z')
  })
})

describe('canonicalTimeZone', () => {
  test('accepts IANA names in any case and returns their canonical spelling', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris')
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris')
    expect(canonicalTimeZone('utc')).toBe('UTC')
  })
  test('refuses unknown zones, offsets and junk', () => {
    for (const bad of ['Mars/Olympus', '+01:00', 'UTC+1 ', '', '../etc', 'Europe/Paris; drop']) {
      expect(canonicalTimeZone(bad)).toBeNull()
    }
  })
})
