/** A tags field as typed, "a, b , ,c", as the tags it names: ['a', 'b', 'c'], each once. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
}
