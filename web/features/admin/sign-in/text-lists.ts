/**
 * The comma-separated fields of Admin › Sign-in (allowed e-mail domains, administrator groups):
 * typed as one line, sent as a list.
 */

/** `a, b ,,b` → ['a', 'b']: trimmed, empties dropped, each once (the first spelling kept). */
export function namesOf(text: string): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const part of text.split(',')) {
    const name = part.trim()
    if (!name || seen.has(name)) continue
    seen.add(name)
    names.push(name)
  }
  return names
}

/** Domains are compared without case and may be typed as `@example.com`: lower-cased, the `@` dropped. */
export function domainsOf(text: string): string[] {
  return namesOf(
    text
      .split(/[,\s]+/)
      .map((part) => part.trim().replace(/^@/, '').toLowerCase())
      .join(','),
  )
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/** The first entry that is not a domain name (`example.com`), else null. */
export function invalidDomain(domains: string[]): string | null {
  return domains.find((domain) => !DOMAIN.test(domain)) ?? null
}

/** The list as the field shows it. */
export const lineOf = (names: readonly string[]) => names.join(', ')

/** The same names in the same order. */
export const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, index) => name === b[index])
