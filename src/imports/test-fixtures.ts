/*
 * For the import tests: exports as the services write them (tiny ChatGPT conversations by the
 * thousand). Zips, honest or not (a size that lies, a name that climbs out), are src/test/docs.ts's
 * `buildZip`, re-exported here.
 */

export { buildZip } from '../test/docs'

/** A ChatGPT conversation of one question and its answer, as the export writes it. */
export function chatgptConversation(index: number, options: { id?: string; answer?: string } = {}) {
  const id = options.id ?? `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`
  const time = 1_700_000_000 + index * 60
  const node = (key: string, parent: string | null, children: string[], message: unknown) => ({
    id: key,
    parent,
    children,
    message,
  })
  return {
    title: `Conversation ${index}`,
    create_time: time,
    update_time: time + 30,
    mapping: {
      [`r${index}`]: node(`r${index}`, null, [`q${index}`], null),
      [`q${index}`]: node(`q${index}`, `r${index}`, [`a${index}`], {
        id: `q${index}`,
        author: { role: 'user' },
        create_time: time + 1,
        content: { content_type: 'text', parts: [`Question ${index}`] },
        metadata: {},
      }),
      [`a${index}`]: node(`a${index}`, `q${index}`, [], {
        id: `a${index}`,
        author: { role: 'assistant' },
        create_time: time + 2,
        content: { content_type: 'text', parts: [options.answer ?? `Answer ${index}`] },
        metadata: { model_slug: 'gpt-4o-mini' },
      }),
    },
    current_node: `a${index}`,
    conversation_id: id,
    id,
  }
}

/** `count` such conversations, as a conversations.json. */
export const chatgptExport = (count: number, first = 0) =>
  JSON.stringify(Array.from({ length: count }, (_, index) => chatgptConversation(first + index)))
