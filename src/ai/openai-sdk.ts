/**
 * The OpenAI SDK (~240 modules), imported with the first call that needs it rather than at start:
 * a server nobody has asked anything yet does not hold it (docs/decisions/137-idle-memory.md).
 */
export type OpenAiSdk = typeof import('openai')

let loaded: OpenAiSdk | undefined

export async function openaiSdk(): Promise<OpenAiSdk> {
  loaded ??= await import('openai')
  return loaded
}

/** The SDK if a call has imported it (an error can be one of its classes only then). */
export function loadedOpenAiSdk(): OpenAiSdk | undefined {
  return loaded
}
