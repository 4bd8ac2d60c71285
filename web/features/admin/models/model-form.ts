import { currentLocale } from '../../../i18n/i18n'
import type { AdminModel, ModelChange } from './models-query'

/** The edit dialog as typed: text for prices (a half-typed value stays as typed); '' = the provider's value. */
export interface ModelForm {
  name: string
  description: string
  inputPrice: string
  outputPrice: string
  vision: 'provider' | 'yes' | 'no'
}

export type ModelFieldProblem = 'nameRequired' | 'invalidPrice'

/** A price as the language writes it, without grouping and without trailing zeros: 0.15 → '0,15' in German. */
export function priceText(dollars: number | null, locale = currentLocale()): string {
  if (dollars === null) return ''
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(dollars)
}

export function formOf(model: AdminModel): ModelForm {
  const { overrides } = model
  return {
    name: overrides.displayName ?? '',
    description: overrides.displayDescription ?? '',
    inputPrice: priceText(overrides.inputPrice),
    outputPrice: priceText(overrides.outputPrice),
    vision: overrides.vision === null ? 'provider' : overrides.vision ? 'yes' : 'no',
  }
}

/**
 * Dollars from what was typed: '' is null (the provider's price); '0.15', '0,15' and '$ 0.15' read as
 * 0.15. Undefined when it is not a number. More than six decimals pass, for the server to refuse.
 */
export function parsePrice(text: string): number | null | undefined {
  const plain = text.replace(/[\s$]/g, '')
  if (plain === '') return null
  if (!/^\d+([.,]\d+)?$/.test(plain)) return undefined
  return Number(plain.replace(',', '.'))
}

export function problemsOf(
  form: ModelForm,
): Partial<Record<'inputPrice' | 'outputPrice', ModelFieldProblem>> {
  const problems: Partial<Record<'inputPrice' | 'outputPrice', ModelFieldProblem>> = {}
  if (parsePrice(form.inputPrice) === undefined) problems.inputPrice = 'invalidPrice'
  if (parsePrice(form.outputPrice) === undefined) problems.outputPrice = 'invalidPrice'
  return problems
}

/** The fields that differ from what is saved; an emptied field is null (the provider's value again). */
export function changesOf(model: AdminModel, form: ModelForm): ModelChange {
  const { overrides } = model
  const change: ModelChange = {}
  const name = form.name.trim() || null
  const description = form.description.trim() || null
  const input = parsePrice(form.inputPrice)
  const output = parsePrice(form.outputPrice)
  const vision = form.vision === 'provider' ? null : form.vision === 'yes'
  if (name !== overrides.displayName) change.displayName = name
  if (description !== overrides.displayDescription) change.displayDescription = description
  if (input !== undefined && input !== overrides.inputPrice) change.inputPrice = input
  if (output !== undefined && output !== overrides.outputPrice) change.outputPrice = output
  if (vision !== overrides.vision) change.vision = vision
  return change
}

/** Any value an administrator set, other than the switch. */
export function isEdited(model: AdminModel): boolean {
  return Object.values(model.overrides).some((value) => value !== null)
}
