/**
 * Prompt variables (spec section 9 "Prompts"): written as {NAME}; extracted names are upper-cased
 * and unique; replacement is case-insensitive. Pure, shared by the server and the web client.
 */

/** A name of letters, digits and underscores inside single braces: {TOPIC}, {target_language}. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g

/** The placeholders of a prompt text, upper-cased, each once, in order of first appearance. */
export function extractVariables(text: string): string[] {
  const names: string[] = []
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!.toUpperCase()
    if (!names.includes(name)) names.push(name)
  }
  return names
}

/**
 * Adds a custom variable (spec section 5): only when non-blank and not already present. Braces
 * typed around it are dropped; the name is upper-cased like an extracted one.
 */
export function addVariable(variables: readonly string[], input: string): string[] {
  const name = normaliseVariable(input)
  if (!name || variables.includes(name)) return [...variables]
  return [...variables, name]
}

export function normaliseVariable(input: string): string {
  return input
    .trim()
    .replace(/^\{+|\}+$/g, '')
    .trim()
    .toUpperCase()
}

/** The custom variables and those of the text, each once (custom ones first). */
export function allVariables(custom: readonly string[], text: string): string[] {
  const names = [...custom.map(normaliseVariable).filter(Boolean)]
  for (const name of extractVariables(text)) if (!names.includes(name)) names.push(name)
  return [...new Set(names)]
}

/**
 * Replaces each {NAME} with its value, whatever the case of the placeholder or of the key. A
 * variable without a value is left as written, so nothing is silently lost.
 */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  const byName = new Map(Object.entries(values).map(([name, value]) => [normaliseVariable(name), value]))
  return text.replace(PLACEHOLDER, (whole, name: string) => byName.get(name.toUpperCase()) ?? whole)
}
