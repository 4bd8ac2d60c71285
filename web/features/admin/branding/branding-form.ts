import { DEFAULT_TAGLINE } from '../../../../src/branding/defaults'
import type { Branding } from '../../branding/branding-query'
import type { BrandingChange } from './branding-admin-query'

/** The fields typed in the form (the images are uploaded on their own). */
export const TEXT_FIELDS = ['companyName', 'productName', 'tagline'] as const
export const COLOR_FIELDS = ['primaryColor', 'secondaryColor'] as const
export type TextField = (typeof TEXT_FIELDS)[number]
export type ColorField = (typeof COLOR_FIELDS)[number]
export type DraftField = TextField | ColorField
export type Draft = Record<DraftField, string>

/** The server's limits (src/admin/branding/model.ts). */
export const MAX_LENGTH: Record<TextField, number> = { companyName: 100, productName: 60, tagline: 200 }

export type Problem =
  | { kind: 'empty' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'oneLine' }
  | { kind: 'color' }

/**
 * The form's values for a brand. The built-in tagline (no BRAND_TAGLINE, none set here) is shown as
 * the app shows it, in the reader's language: `localTagline`.
 */
export function draftOf(brand: Branding, localTagline = DEFAULT_TAGLINE): Draft {
  return {
    companyName: brand.companyName,
    productName: brand.productName,
    tagline: brand.tagline === DEFAULT_TAGLINE ? localTagline : brand.tagline,
    primaryColor: brand.primaryColor,
    secondaryColor: brand.secondaryColor,
  }
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** `#rgb`, `#rrggbb` (any case, the # optional) as lower-case `#rrggbb`; null when it is not a colour. */
export function normalizeColor(text: string): string | null {
  const match = HEX.exec(text.trim())
  if (!match) return null
  const hex = match[1]!.toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and other control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** What is wrong with each field as typed (as the server would refuse it). */
export function problemsOf(draft: Draft): Partial<Record<DraftField, Problem>> {
  const problems: Partial<Record<DraftField, Problem>> = {}
  for (const field of TEXT_FIELDS) {
    const text = draft[field].trim()
    if (!text) problems[field] = { kind: 'empty' }
    else if ([...text].length > MAX_LENGTH[field])
      problems[field] = { kind: 'tooLong', max: MAX_LENGTH[field] }
    else if (CONTROL.test(text)) problems[field] = { kind: 'oneLine' }
  }
  for (const field of COLOR_FIELDS) {
    if (!normalizeColor(draft[field])) problems[field] = { kind: 'color' }
  }
  return problems
}

/** The draft as the server knows it: the built-in tagline in the reader's language is the built-in tagline. */
export function storedDraft(draft: Draft, localTagline: string): Draft {
  return draft.tagline.trim() === localTagline ? { ...draft, tagline: DEFAULT_TAGLINE } : draft
}

/** The fields whose typed value differs from the brand now, as the PATCH sends them. */
export function changesOf(brand: Branding, draft: Draft): BrandingChange {
  const change: BrandingChange = {}
  for (const field of TEXT_FIELDS) {
    const text = draft[field].trim()
    if (text !== brand[field]) change[field] = text
  }
  for (const field of COLOR_FIELDS) {
    const color = normalizeColor(draft[field]) ?? draft[field]
    if (color !== brand[field]) change[field] = color
  }
  return change
}

/** The brand as it would look with what is typed: a field that is not valid yet keeps its current value. */
export function previewOf(brand: Branding, draft: Draft): Branding {
  const problems = problemsOf(draft)
  const preview = { ...brand }
  for (const field of TEXT_FIELDS) if (!problems[field]) preview[field] = draft[field].trim()
  for (const field of COLOR_FIELDS) if (!problems[field]) preview[field] = normalizeColor(draft[field])!
  return preview
}
