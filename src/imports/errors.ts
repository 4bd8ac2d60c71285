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

/**
 * A sentence the person reads, in English (API clients, and rows older than codes), with the code and
 * values the client words it by in the reader's language (decision 150).
 */
export interface Worded {
  text: string
  code: string
  values?: Record<string, string | number>
}

const worded = (code: string, text: string, values?: Worded['values']): Worded =>
  values ? { code, text, values } : { code, text }

/** Why a whole import failed; nothing of it is kept. */
export const FAILURES = {
  notAnExport: worded('not_an_export', 'This file is not a ChatGPT, Claude or Parley export.'),
  notJson: worded('not_json', 'The file is not valid JSON: it may be damaged or incomplete.'),
  noConversations: worded('no_conversations', 'The zip holds no conversations.json.'),
  damagedZip: worded('damaged_zip', 'The zip file is damaged or incomplete.'),
  tooManyFiles: worded(
    'too_many_files',
    'The zip holds more than 20,000 files: import the conversations.json inside it on its own.',
  ),
  tooLarge: worded('too_large', 'The export is larger than 100 MB unpacked.'),
  tooManyConversations: (count: number, max: number) =>
    worded(
      'too_many_conversations',
      `The export holds ${count.toLocaleString('en')} conversations; at most ${max.toLocaleString('en')} can be imported at once.`,
      { count, max },
    ),
  interrupted: worded('interrupted', 'The server stopped during the import; nothing was imported.'),
  unexpected: worded('unexpected', 'The import failed unexpectedly; nothing was imported.'),
} as const

/** The kinds of parts an export holds that Parley keeps as text, as the report counts them. */
export const PART_KINDS = ['image', 'file', 'audio', 'toolCall', 'toolOutput', 'thinking', 'other'] as const
export type PartKind = (typeof PART_KINDS)[number]

/** Why a conversation, a part of one, or a file in the zip was left out or changed. */
export const REASONS = {
  unsafeZipName: worded('unsafe_zip_name', 'A file in the zip has an unsafe name and was ignored.'),
  notParleyChat: worded(
    'not_parley_chat',
    'This file in the zip is not a Parley chat export and was ignored.',
  ),
  notAConversation: (format: string) =>
    worded('not_a_conversation', `This entry is not a ${format} conversation and was left out.`, { format }),
  noMessages: worded('no_messages', 'The conversation has no messages to import.'),
  tooManyMessages: (max: number) =>
    worded(
      'too_many_messages',
      `The conversation has more than ${max.toLocaleString('en')} messages and was left out.`,
      { max },
    ),
  truncated: (count: number) =>
    worded(
      'truncated',
      count === 1
        ? 'A message longer than 1 MB was cut to its first 1 MB.'
        : `${count} messages longer than 1 MB were cut to their first 1 MB.`,
      { count },
    ),
  unreachable: (count: number) =>
    worded(
      'unreachable',
      `${count} ${count === 1 ? 'message does' : 'messages do'} not connect to the conversation and ${count === 1 ? 'was' : 'were'} left out.`,
      { count },
    ),
  unknownSender: (count: number) =>
    worded(
      'unknown_sender',
      `${count} ${count === 1 ? 'message' : 'messages'} from an unknown sender ${count === 1 ? 'was' : 'were'} left out.`,
      { count },
    ),
  /** `parts` in English ("2 images, 1 tool output"); `counts` per kind for the client's words. */
  placeholders: (parts: string, counts: Partial<Record<PartKind, number>>) =>
    worded(
      'placeholders',
      `Parts the export does not hold or Parley cannot show were kept as text: ${parts}.`,
      counts,
    ),
} as const

/** A file of the zip, or a conversation, and why it was left out. */
export interface ImportNote {
  title: string
  reason: Worded
}

/** A failure of the whole import, with the sentence the person reads. */
export class ImportFailure extends Error {
  /** What was found left out before the failure (a zip's unsafe names): the report still lists it. */
  readonly notes: ImportNote[]
  constructor(
    readonly failure: Worded,
    options?: { cause?: unknown; notes?: ImportNote[] },
  ) {
    super(failure.text, options)
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
