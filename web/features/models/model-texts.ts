import { t } from '../../i18n/i18n'
import '../../i18n/areas/shell'

/** What the model texts need: the server's English and, for Parley's own models, their code. */
interface Named {
  name: string
  description: string
  name_code?: 'workflow' | 'demo'
  description_code?: 'workflow' | 'demo'
}

/**
 * A model's name as the person reads it: Parley's own models (the workflow agents, the demo) in
 * their language, unless an administrator renamed them (the server then sends no code); a
 * provider's model by its name (docs/decisions/150).
 */
export function modelName(model: Named): string {
  if (model.name_code === 'workflow') return t('shell.model.workflowName')
  if (model.name_code === 'demo') return t('shell.model.demoName')
  return model.name
}

/** A model's description, worded like its name (`modelName`). */
export function modelDescription(model: Named): string {
  if (model.description_code === 'workflow') return t('shell.model.workflowDescription')
  if (model.description_code === 'demo') return t('shell.model.demoDescription')
  return model.description
}

/** Admin › Models' view of a model: the effective texts, coded like the user's list when not overridden. */
export function adminModelTexts(model: {
  provider: 'openai' | 'workflow' | 'demo'
  effective: { name: string; description: string }
  overrides: { displayName: string | null; displayDescription: string | null }
}): Named {
  const code = model.provider === 'openai' ? undefined : model.provider
  return {
    name: model.effective.name,
    description: model.effective.description,
    ...(code && model.overrides.displayName === null ? { name_code: code } : {}),
    ...(code && model.overrides.displayDescription === null ? { description_code: code } : {}),
  }
}
