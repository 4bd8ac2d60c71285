/**
 * Reading a model's arguments. The loop checks them against the function's schema first; these
 * checks still stand between a model's JSON and a query, and their errors are sentences the model
 * can act on (it reads them as the failed call's result).
 */

/** The argument `name` as trimmed text, refusing an empty or missing one. */
export function requiredText(args: Record<string, unknown>, name: string, maxLength: number): string {
  const value = args[name]
  if (typeof value !== 'string' || !value.trim())
    throw new Error(`The argument "${name}" must be non-empty text.`)
  return value.trim().slice(0, maxLength)
}

/** The argument `name` when given: one of `allowed`, else a sentence listing them. */
export function optionalChoice<T extends string>(
  args: Record<string, unknown>,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = args[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new Error(`The argument "${name}" must be one of: ${allowed.join(', ')}.`)
  }
  return value as T
}

/** A function of a built-in tool that does not exist (the loop offers only the tool's own names). */
export function unknownFunction(tool: string, name: string): Error {
  return new Error(`The ${tool} tool has no function named "${name}".`)
}

/** Stops before starting work the person no longer waits for (Stop, or the call's time-out). */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('The tool call was stopped before it ran.')
}
