/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Your data',
  'yourData.retention.title': 'What your organisation keeps',
  'yourData.retention.none': 'Your chats and files are kept until you delete them.',
  'yourData.retention.chats':
    'Chats you have not used for {days, plural, one {# day} other {# days}} are deleted. Pinned chats are kept.',
  'yourData.retention.files':
    'Files and generated images are deleted {days, plural, one {# day} other {# days}} after their message.',
  'yourData.retention.loadFailed': 'The retention policy could not be read.',
} as const
