import type { PromptCategory, PromptTool } from '../../../db/catalogues/prompts'
import { t } from '../../i18n/i18n'
import '../../i18n/areas/prompts'

/** The placeholder the spec's texts show: '{VARIABLE_NAME}'. */
export const VARIABLE_EXAMPLE = '{VARIABLE_NAME}'

export function categoryName(category: PromptCategory | 'all'): string {
  switch (category) {
    case 'all':
      return t('prompts.category.all')
    case 'general':
      return t('prompts.category.general')
    case 'technical':
      return t('prompts.category.technical')
    case 'creative':
      return t('prompts.category.creative')
    case 'analysis':
      return t('prompts.category.analysis')
    case 'learning':
      return t('prompts.category.learning')
  }
}

export function toolName(tool: PromptTool): string {
  return t(`prompts.tool.${tool}`)
}

export function toolDescription(tool: PromptTool): string {
  return t(`prompts.tool.${tool}.description`)
}
