/** Texts used across screens. */
export const common = {
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.loading': 'Loading...',
  'common.language': 'Language',
  'common.tagline': 'Your team’s AI assistant',
} as const
