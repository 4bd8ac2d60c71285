import type { PromptCategory } from '../../../db/catalogues/prompts'
import { extractVariables } from '../../../src/prompts/variables'
import { prompts as english } from '../../i18n/en/prompts'
import { i18n } from '../../i18n/i18n'
import '../../i18n/areas/prompts'

/** 'Use template' (decision 118): a short built-in list of good prompts for each category. */
const TEMPLATE_IDS: Record<PromptCategory, string[]> = {
  general: ['email', 'summary'],
  technical: ['review', 'explain'],
  creative: ['story', 'names'],
  analysis: ['swot', 'compare'],
  learning: ['explain', 'plan'],
}

export interface PromptTemplate {
  id: string
  category: PromptCategory
  title: string
  text: string
}

type Key = keyof typeof english

/**
 * A template's text in the user's language. Its {VARIABLES} are ICU arguments in the catalogue (so
 * a translation cannot rename one); each is given back its own braces here.
 */
function templateText(key: Key): string {
  const names = extractVariables(english[key])
  return i18n._(key, Object.fromEntries(names.map((name) => [name, `{${name}}`])))
}

export function templatesFor(category: PromptCategory): PromptTemplate[] {
  return TEMPLATE_IDS[category].map((id) => ({
    id,
    category,
    title: i18n._(`prompts.template.${category}.${id}.title`),
    text: templateText(`prompts.template.${category}.${id}.text` as Key),
  }))
}
