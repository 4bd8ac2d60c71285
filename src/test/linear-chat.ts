/**
 * Rows written straight into the database as one chat's messages in order: each follows the one
 * before it (a single-branch tree, docs/decisions/158) and, unless a row gives its own time, is a
 * millisecond younger, so the chat reads as they were given.
 */
export function asPath<Row extends object>(
  rows: readonly Row[],
): (Row & { id: string; parentId: string | null; createdAt: Date })[] {
  const ids = rows.map(() => crypto.randomUUID())
  const start = Date.now() - rows.length
  return rows.map((row, index) => ({
    ...row,
    id: ids[index]!,
    parentId: ids[index - 1] ?? null,
    createdAt:
      ('createdAt' in row && row.createdAt instanceof Date ? row.createdAt : null) ?? new Date(start + index),
  }))
}
