/** Sharing a prompt or a knowledge entry with chosen groups (issue 29), in their create and edit dialogs. */
export const groups = {
  'groups.share.label': 'Share with groups',
  'groups.share.note': 'Members of the chosen groups can see and use it, without changing it.',
  'groups.share.loadFailed': 'Failed to load your groups',
} as const
