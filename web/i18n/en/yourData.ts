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
  'yourData.import.title': 'Bring in chats',
  'yourData.import.intro':
    'Bring your history from ChatGPT or Claude (the export’s zip, or its conversations.json), or chats exported from Parley as JSON. Titles, times and branches are kept; importing the same file again adds nothing twice.',
  'yourData.import.choose': 'Choose a file…',
  'yourData.import.limit': 'A .zip or .json file of up to 100 MB.',
  'yourData.import.uploading': 'Sending {name}…',
  'yourData.import.reading': 'Reading {name}…',
  'yourData.import.running': 'Importing {name}: {done} of {total}',
  'yourData.import.progressLabel': 'Import progress',
  'yourData.import.cancel': 'Cancel import',
  'yourData.import.cancelled': 'Cancelled. Nothing of {name} was imported.',
  'yourData.import.done':
    'Imported {chats, plural, one {# chat} other {# chats}} with {messages, plural, one {# message} other {# messages}} from {name}.',
  'yourData.import.doneToast': 'Import finished',
  'yourData.import.duplicates':
    '{count, plural, one {# chat was imported before and is not added again.} other {# chats were imported before and are not added again.}}',
  'yourData.import.skipped':
    '{count, plural, one {# thing left out or changed} other {# things left out or changed}}',
  'yourData.import.failed': 'Nothing of {name} was imported: {reason}',
  'yourData.import.uploadFailed': 'The file could not be sent',
  'yourData.import.loadFailed': 'Your imports could not be loaded',
  'yourData.import.cancelFailed': 'The import could not be cancelled',
  'yourData.import.earlier': 'Earlier imports',
  'yourData.import.from.chatgpt': 'ChatGPT export',
  'yourData.import.from.claude': 'Claude export',
  'yourData.import.from.parley': 'Parley export',
  'yourData.import.status.running': 'Importing',
  'yourData.import.status.done': 'Imported',
  'yourData.import.status.failed': 'Failed',
  'yourData.import.status.cancelled': 'Cancelled',
  'yourData.import.summary':
    '{chats, plural, one {# chat} other {# chats}}, {messages, plural, one {# message} other {# messages}}',
  'yourData.import.locked': 'During support access, no chats can be imported into {name}’s account.',
  'yourData.export.title': 'Take your data with you',
  'yourData.export.intro':
    'One zip of your profile, every chat with every branch (JSON and Markdown), your files and generated images, prompts, knowledge entries and usage. It is prepared in the background; you are told when it is ready, and it can be downloaded for 7 days.',
  'yourData.export.start': 'Prepare my data',
  'yourData.export.running':
    'Preparing your data… You can close this window: you will be told when it is ready.',
  'yourData.export.ready': 'Ready: {size}. It can be downloaded until {date}.',
  'yourData.export.download': 'Download',
  'yourData.export.failed': 'Your data could not be prepared: {reason}',
  'yourData.export.expired': 'Your last download has expired. Prepare a new one when you need it.',
  'yourData.export.startFailed': 'Your data could not be prepared',
  'yourData.export.loadFailed': 'Your downloads could not be loaded',
  'yourData.export.locked': 'During support access, {name}’s data cannot be downloaded.',
} as const
