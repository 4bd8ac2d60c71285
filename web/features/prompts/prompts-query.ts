import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/prompts'

/** Every prompt query shares the ['prompts'] prefix, so one invalidation refreshes them all. */
export const PROMPTS_KEY = ['prompts'] as const

/** The library: the user's own prompts and the public ones, most used first. */
export const promptsQuery = queryOptions({
  queryKey: [...PROMPTS_KEY, 'list'],
  queryFn: async () => {
    const { data, error } = await api.prompts.get({ query: { limit: 200 } })
    if (error) throw apiFailure(error, t('prompts.library.loadFailed'))
    return data.data.items
  },
})

export type Prompt = Awaited<ReturnType<NonNullable<typeof promptsQuery.queryFn>>>[number]

export interface PromptFields {
  title: string
  description: string
  prompt_text: string
  category: Prompt['category']
  is_public: boolean
  tags: string[]
  model_id: string | null
  variables: string[]
  tools: Prompt['tools']
  /** The groups whose members may read it (issue 29); left out, an edit keeps them. */
  sharedGroupIds?: string[]
}

export async function createPrompt(fields: PromptFields) {
  const { data, error } = await api.prompts.post(fields)
  if (error) throw apiFailure(error, t('prompts.create.failed'))
  return data.data
}

export async function updatePrompt(id: string, fields: Partial<PromptFields>) {
  const { data, error } = await api.prompts({ id }).patch(fields)
  if (error) throw apiFailure(error, t('prompts.edit.failed'))
  return data.data
}

export async function deletePrompt(id: string) {
  const { error } = await api.prompts({ id }).delete()
  if (error) throw apiFailure(error, t('prompts.delete.failed'))
}

export async function duplicatePrompt(id: string) {
  const { data, error } = await api.prompts({ id }).duplicate.post()
  if (error) throw apiFailure(error, t('prompts.duplicate.failed'))
  return data.data
}

/** Counts one use; the answer is the prompt with its new count. */
export async function countPromptUse(id: string) {
  const { data, error } = await api.prompts({ id }).use.post()
  if (error) throw apiFailure(error, t('prompts.use.failed'))
  return data.data
}

export async function generatePromptText(input: {
  title: string
  description: string
  category: Prompt['category']
  model_id: string | null
}) {
  const { data, error } = await api.prompts.generate.post(input)
  if (error) throw apiFailure(error, t('prompts.create.generateFailed'))
  return data.data.prompt_text
}
