/**
 * This browser's localStorage, or undefined where storage is disabled (private modes, policies,
 * a sandboxed document): what is kept there is then kept for this page only.
 */
export function safeStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}
