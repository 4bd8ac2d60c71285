import { expect, test } from 'bun:test'
import { ADMIN_SECTION_IDS, sectionIdOf } from './section-ids'

test('a section is named by its path part', () => {
  expect(sectionIdOf('budgets')).toBe('budgets')
})

test('no name, or one that is not a section, opens the first section', () => {
  expect(sectionIdOf(undefined)).toBe('users')
  expect(sectionIdOf('')).toBe('users')
  expect(sectionIdOf('settings')).toBe('users')
})

test('every section the routes accept is in the navigation, in the same order', async () => {
  const { ADMIN_SECTIONS } = await import('./admin-sections')
  expect(ADMIN_SECTIONS.map((section) => section.id)).toEqual([...ADMIN_SECTION_IDS])
})
