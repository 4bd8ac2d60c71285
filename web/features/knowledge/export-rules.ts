export const EXPORT_TAG = 'chat-export'

export interface ExportChoices {
  title: string
  tags: string[]
  notes: string
  isShared: boolean
}

/**
 * Spec section 4 'Knowledge export': after the export, the new entry is patched only when the
 * title changed, more than one tag exists, shared is set or notes are present. The patch carries
 * the export's metadata (message_count, exported_at) with the notes added, so none is lost.
 */
export function exportPatch(
  choices: ExportChoices,
  exported: { title: string; metadata: Record<string, unknown> },
): { title: string; tags: string[]; is_shared: boolean; metadata: Record<string, unknown> } | null {
  const title = choices.title.trim()
  const notes = choices.notes.trim()
  const needed =
    (title !== '' && title !== exported.title) || choices.tags.length > 1 || choices.isShared || notes !== ''
  if (!needed) return null
  return {
    title: title || exported.title,
    tags: choices.tags.length > 0 ? choices.tags : [EXPORT_TAG],
    is_shared: choices.isShared,
    metadata: notes ? { ...exported.metadata, notes } : exported.metadata,
  }
}
