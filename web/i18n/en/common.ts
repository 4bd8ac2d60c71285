/** Texts used across screens. */
export const common = {
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.close': 'Close',
  'common.delete': 'Delete',
  'common.loading': 'Loading...',
  'common.language': 'Language',
  'common.tagline': 'Your team’s AI assistant',
  'common.branding.loadFailed': 'Failed to load branding',
  'common.backToApp': 'Back to the app',
  'common.notFound.title': 'Page not found',
  'common.toasts.close': 'Close toast',
  'common.toasts.label': 'Notifications',
  'common.brand.logo': '{name} logo',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy. Select the text and copy it yourself.',
} as const
