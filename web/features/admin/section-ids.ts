/**
 * The admin area's sections as they appear in the address (/admin/<id>), in navigation order. Apart
 * from admin-sections.tsx (icons, texts, each section's lazy view), so the routes that check an
 * address need only the names.
 */
export const ADMIN_SECTION_IDS = [
  'users',
  'groups',
  'budgets',
  'models',
  'branding',
  'sign-in',
  'api',
  'mcp-servers',
  'sharing',
  'retention',
  'usage',
  'impersonations',
  'audit',
  'backups',
] as const

export type AdminSectionId = (typeof ADMIN_SECTION_IDS)[number]

/** The section an address part names (`budgets`), else the first. */
export function sectionIdOf(value: string | undefined): AdminSectionId {
  return ADMIN_SECTION_IDS.find((known) => known === value) ?? ADMIN_SECTION_IDS[0]
}
