/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Delete what your organisation no longer needs. A pass runs once a day and records what it deleted in the audit trail. Nothing it deletes can be brought back, except from a backup.',
  'adminRetention.policy.title': 'Retention policy',
  'adminRetention.chats.label': 'Delete chats not used for',
  'adminRetention.chats.hint':
    'A chat is used when someone writes in it or changes it. Pinned chats are kept.',
  'adminRetention.files.label': 'Delete files and generated images after',
  'adminRetention.files.hint': 'Counted from the message they came with. The messages stay.',
  'adminRetention.never': 'Never',
  'adminRetention.days': '{count, plural, one {# day} other {# days}}',
  'adminRetention.oneYear': '1 year',
  'adminRetention.twoYears': '2 years',
  'adminRetention.custom': 'Another number of days',
  'adminRetention.customLabel': 'Number of days',
  'adminRetention.invalid': 'Enter a whole number of days from {min} to {max}.',
  'adminRetention.save': 'Save policy',
  'adminRetention.saved': 'Retention policy saved',
  'adminRetention.saveFailed': 'The policy could not be saved',
  'adminRetention.loadFailed': 'The retention policy could not be loaded',
  'adminRetention.confirm.title': 'Delete by age from now on?',
  'adminRetention.confirm.chats':
    'Chats not used for {days, plural, one {# day} other {# days}} will be deleted for everyone, except pinned ones.',
  'adminRetention.confirm.files':
    'Files and generated images will be deleted {days, plural, one {# day} other {# days}} after their message, for everyone.',
  'adminRetention.confirm.when':
    'The next pass, within the hour, deletes what is already past these limits. It cannot be undone.',
  'adminRetention.confirm.action': 'Apply policy',
  'adminRetention.lastRun':
    'Last pass on {date} at {time}: {chats, plural, one {# chat} other {# chats}}, {files, plural, one {# file} other {# files}} and {images, plural, one {# image} other {# images}} deleted.',
  'adminRetention.noRun': 'No pass has run yet.',
  'adminRetention.next': 'Next pass: after {date} at {time}.',
  'adminRetention.nextSoon': 'Next pass: within the hour.',
  'adminRetention.off': 'Nothing is deleted by age.',
} as const
