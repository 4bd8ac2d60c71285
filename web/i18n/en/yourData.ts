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
  'yourData.import.failure.not_an_export': 'This file is not a ChatGPT, Claude or Parley export.',
  'yourData.import.failure.not_json': 'The file is not valid JSON: it may be damaged or incomplete.',
  'yourData.import.failure.no_conversations': 'The zip holds no conversations.json.',
  'yourData.import.failure.damaged_zip': 'The zip file is damaged or incomplete.',
  'yourData.import.failure.too_many_files':
    'The zip holds more than 20,000 files: import the conversations.json inside it on its own.',
  'yourData.import.failure.too_large': 'The export is larger than 100 MB unpacked.',
  'yourData.import.failure.too_many_conversations':
    'The export holds {count} conversations; at most {max} can be imported at once.',
  'yourData.import.failure.interrupted': 'The server stopped during the import; nothing was imported.',
  'yourData.import.failure.unexpected': 'The import failed unexpectedly; nothing was imported.',
  'yourData.import.reason.unsafe_zip_name': 'A file in the zip has an unsafe name and was ignored.',
  'yourData.import.reason.not_parley_chat':
    'This file in the zip is not a Parley chat export and was ignored.',
  'yourData.import.reason.not_a_conversation': 'This entry is not a {format} conversation and was left out.',
  'yourData.import.reason.no_messages': 'The conversation has no messages to import.',
  'yourData.import.reason.too_many_messages':
    'The conversation has more than {max} messages and was left out.',
  'yourData.import.reason.truncated':
    '{count, plural, one {A message longer than 1 MB was cut to its first 1 MB.} other {# messages longer than 1 MB were cut to their first 1 MB.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# message does not connect to the conversation and was left out.} other {# messages do not connect to the conversation and were left out.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {# message from an unknown sender was left out.} other {# messages from an unknown sender were left out.}}',
  'yourData.import.reason.placeholders':
    'Parts the export does not hold or Parley cannot show were kept as text: {parts}.',
  'yourData.import.part.image': '{count, plural, one {# image} other {# images}}',
  'yourData.import.part.file': '{count, plural, one {# file} other {# files}}',
  'yourData.import.part.audio': '{count, plural, one {# recording} other {# recordings}}',
  'yourData.import.part.toolCall': '{count, plural, one {# tool call} other {# tool calls}}',
  'yourData.import.part.toolOutput': '{count, plural, one {# tool output} other {# tool outputs}}',
  'yourData.import.part.thinking': '{count, plural, one {# reasoning step} other {# reasoning steps}}',
  'yourData.import.part.other': '{count, plural, one {# other part} other {# other parts}}',
} as const
