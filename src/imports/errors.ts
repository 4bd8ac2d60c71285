import { AppError } from '../http/errors'

/*
 * What an import tells the person. The route's refusals are AppErrors with a stable code (the
 * client translates them, web/i18n/en/errors.ts); what the job finds is plain English in the
 * import's `error` and in its report's `skipped` reasons.
 */

export const importNotFound = () => new AppError('not_found:import', 'Import not found')
export const importRunning = () =>
  new AppError('conflict:import_running', 'An import is already running: wait for it or cancel it')
export const importFinished = () =>
  new AppError('conflict:import_finished', 'This import has already finished')
export const importBusy = () =>
  new AppError('rate_limited:imports', 'The server is busy with other imports: try again in a minute', {
    headers: { 'retry-after': '60' },
  })
export const importEmpty = () => new AppError('bad_request:import_empty', 'The file is empty')
export const importNotAnExport = () =>
  new AppError('bad_request:import_file', 'The file is not an export: choose a .json or .zip file')

/** Why a whole import failed; nothing of it is kept. */
export const FAILURES = {
  notAnExport: 'This file is not a ChatGPT, Claude or Parley export.',
  notJson: 'The file is not valid JSON: it may be damaged or incomplete.',
  noConversations: 'The zip holds no conversations.json.',
  damagedZip: 'The zip file is damaged or incomplete.',
  tooManyFiles: 'The zip holds more than 20,000 files: import the conversations.json inside it on its own.',
  tooLarge: 'The export is larger than 100 MB unpacked.',
  tooManyConversations: (count: number, max: number) =>
    `The export holds ${count.toLocaleString('en')} conversations; at most ${max.toLocaleString('en')} can be imported at once.`,
  interrupted: 'The server stopped during the import; nothing was imported.',
  unexpected: 'The import failed unexpectedly; nothing was imported.',
} as const

/** Why a conversation, a part of one, or a file in the zip was left out or changed. */
export const REASONS = {
  unsafeZipName: 'A file in the zip has an unsafe name and was ignored.',
  notParleyChat: 'This file in the zip is not a Parley chat export and was ignored.',
  notAConversation: (format: string) => `This entry is not a ${format} conversation and was left out.`,
  noMessages: 'The conversation has no messages to import.',
  tooManyMessages: (max: number) =>
    `The conversation has more than ${max.toLocaleString('en')} messages and was left out.`,
  truncated: (count: number) =>
    count === 1
      ? 'A message longer than 1 MB was cut to its first 1 MB.'
      : `${count} messages longer than 1 MB were cut to their first 1 MB.`,
  unreachable: (count: number) =>
    `${count} ${count === 1 ? 'message does' : 'messages do'} not connect to the conversation and ${count === 1 ? 'was' : 'were'} left out.`,
  unknownSender: (count: number) =>
    `${count} ${count === 1 ? 'message' : 'messages'} from an unknown sender ${count === 1 ? 'was' : 'were'} left out.`,
  placeholders: (parts: string) =>
    `Parts the export does not hold or Parley cannot show were kept as text: ${parts}.`,
} as const

/** A failure of the whole import, with the sentence the person reads. */
export class ImportFailure extends Error {
  /** What was found left out before the failure (a zip's unsafe names): the report still lists it. */
  readonly notes: { title: string; reason: string }[]
  constructor(message: string, options?: { cause?: unknown; notes?: { title: string; reason: string }[] }) {
    super(message, options)
    this.name = 'ImportFailure'
    this.notes = options?.notes ?? []
  }
}

/** The import was cancelled (by its owner, or failed by another instance's sweep) while it ran. */
export class ImportStopped extends Error {
  constructor() {
    super('import stopped')
    this.name = 'ImportStopped'
  }
}
