/**
 * The argument names of an ICU message, computed by the type checker, so that a translation with a
 * missing, extra or misspelt placeholder fails `tsc`. ICU nests text and arguments alternately:
 * at an even brace depth we are in text, where `{` opens an argument (its name follows); at an odd
 * depth we are inside an argument, where `{` opens one of its option texts (`one {# file}`). So
 * `{count, plural, one {# file} other {# files in {folder}}}` has the names `count` and `folder`.
 * Apostrophe escapes are not used in our catalogues.
 */
export type Placeholders<S extends string> = Walk<S, [], never>

type Walk<S extends string, Depth extends 0[], Found> = S extends `${infer Char}${infer Rest}`
  ? Char extends '{'
    ? IsEven<Depth> extends true
      ? Walk<Rest, [...Depth, 0], Found | NameOf<Rest>>
      : Walk<Rest, [...Depth, 0], Found>
    : Char extends '}'
      ? Walk<Rest, Pop<Depth>, Found>
      : Walk<Rest, Depth, Found>
  : Found

type IsEven<Depth extends 0[]> = Depth extends [0, 0, ...infer Rest extends 0[]]
  ? IsEven<Rest>
  : Depth extends []
    ? true
    : false
type Pop<Depth extends 0[]> = Depth extends [0, ...infer Rest extends 0[]] ? Rest : []

/** The argument name at the start of `S` (up to `,` or `}`), without spaces. */
type NameOf<S extends string> = S extends `${infer Name},${string}`
  ? Name extends `${string}}${string}`
    ? Trim<Before<S, '}'>>
    : Trim<Name>
  : Trim<Before<S, '}'>>
type Before<S extends string, Mark extends string> = S extends `${infer Head}${Mark}${string}` ? Head : S
type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S

/** True when two unions are the same set. */
export type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
