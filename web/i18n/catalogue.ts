import type { en } from './en'
import type { Placeholders, SameSet } from './placeholders'

/** English is the source: its keys are the message ids, its placeholders the ones each translation must use. */
export type English = typeof en
export type MessageId = keyof English

/** The values a message needs: none, or one per placeholder of its English text. */
export type MessageArgs<K extends MessageId> = [Placeholders<English[K]>] extends [never]
  ? []
  : [values: Record<Placeholders<English[K]>, string | number>]

type Checked<T> = {
  [K in MessageId]: K extends keyof T
    ? T[K] extends string
      ? SameSet<Placeholders<T[K]>, Placeholders<English[K]>> extends true
        ? T[K]
        : `Placeholders must be exactly those of the English text: ${English[K]}`
      : never
    : never
} & { [K in Exclude<keyof T, MessageId>]: never }

/**
 * A translation of every English message: a missing key, a key English does not have, or a
 * placeholder added, dropped or misspelt fails the type check, with the English text in the error.
 */
export function defineCatalogue<const T extends Record<MessageId, string> & Checked<T>>(
  catalogue: T,
): Record<MessageId, string> {
  return catalogue
}
