/** A conversation: messages, answers and their actions, attachments and their preview, chat settings. */
export const chat = {} as const
