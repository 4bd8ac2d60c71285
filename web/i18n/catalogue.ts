import type { en } from './en'
import type { Placeholders, SameSet } from './placeholders'

/** English is the source: its keys are the message ids, its placeholders the ones each translation must use. */
export type English = typeof en
export type MessageId = keyof English

/** The values a message needs: none, or one per placeholder of its English text. */
export type MessageArgs<K extends MessageId> = [Placeholders<English[K]>] extends [never]
  ? []
  : [values: Record<Placeholders<English[K]>, string | number>]

type Checked<T, Source extends Record<string, string>> = {
  [K in keyof Source]: K extends keyof T
    ? T[K] extends string
      ? SameSet<Placeholders<T[K]>, Placeholders<Source[K]>> extends true
        ? T[K]
        : `Placeholders must be exactly those of the English text: ${Source[K]}`
      : never
    : never
} & { [K in Exclude<keyof T, keyof Source>]: never }

/**
 * One area's translation, checked against that area's English (`translationOf<typeof english>()({...})`),
 * so an error points at the line to fix.
 */
export const translationOf =
  <Source extends Record<string, string>>() =>
  <const T extends Record<keyof Source, string> & Checked<T, Source>>(messages: T): T =>
    messages

/**
 * A translation of every English message: a missing key, a key English does not have, or a
 * placeholder added, dropped or misspelt fails the type check, with the English text in the error.
 */
export function defineCatalogue<const T extends Record<MessageId, string> & Checked<T, English>>(
  catalogue: T,
): Record<MessageId, string> {
  return catalogue
}
