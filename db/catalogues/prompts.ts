/**
 * Spec section 9 "Prompts": the five categories (default general) and the five tool ids. Pure
 * constants shared by the schema, the server and the web client.
 */
export const promptCategories = ['general', 'technical', 'creative', 'analysis', 'learning'] as const
export type PromptCategory = (typeof promptCategories)[number]

export const promptTools = [
  'mcp',
  'file-search',
  'web-search',
  'code-interpreter',
  'image-generation',
] as const
export type PromptTool = (typeof promptTools)[number]
