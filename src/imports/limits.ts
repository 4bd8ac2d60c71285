const MB = 1024 * 1024

/**
 * Every bound on an import, in one place (issue 32, point 5; docs/decisions/173-imports.md). Past
 * the upload's size the request is refused at once (413); past the others the import fails whole or
 * leaves the part out, and says so in its report.
 */
export const IMPORT_LIMITS = {
  /** The uploaded file (a .json or a .zip). */
  uploadBytes: 100 * MB,
  /** The JSON read out of a zip, all entries together; also the size of a .json upload. */
  unpackedBytes: 100 * MB,
  /** Conversations in one import: more and the import fails, nothing imported. */
  conversations: 10_000,
  /** Messages of one conversation: more and that conversation is left out. */
  messagesPerConversation: 5_000,
  /** Characters of one message: the rest is cut, with a note in the message and the report. */
  messageChars: 1_000_000,
  /** Characters of a chat title (as the chat routes allow). */
  titleChars: 200,
  /** Entries of the report's `skipped` list; `skipped_count` counts them all. */
  listedSkips: 100,
  /**
   * What the uploads being imported on one instance may declare together: each is held parsed in
   * memory, about four times its size at the peak. One import is always let in.
   */
  bytesInFlight: 100 * MB,
} as const

/** How the writes are cut: short transactions, so that the embedded database serves others between them. */
export const IMPORT_BATCH = {
  /** Messages per transaction (about 0.1 s of the embedded database's time: others wait no longer). */
  messagesPerTransaction: 250,
  /** Rows per insert statement: well under Postgres's 65,535 parameters. */
  rowsPerStatement: 250,
  /** Text per insert statement and per transaction. */
  bytesPerStatement: 4 * MB,
  bytesPerTransaction: 4 * MB,
  /** Chats per transaction. */
  chatsPerTransaction: 100,
} as const

/** Progress (and the heartbeat) is written at most this often while an import runs. */
export const PROGRESS_EVERY_MS = 500
/**
 * On a shared Postgres, a running import whose heartbeat is older than this belongs to an instance
 * that stopped: it is failed and its chats deleted by whichever instance looks next.
 */
export const IMPORT_STALE_MS = 60_000
