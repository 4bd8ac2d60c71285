/** Whether `text` is an absolute http: or https: URL: what a webhook or an OAuth redirect may be. */
export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
