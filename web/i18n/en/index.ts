import { common } from './common'

/**
 * The English catalogue, the source every other language translates (see ../README.md). One file
 * per area of the app; keys are `area.what`, texts are ICU MessageFormat.
 */
export const en = {
  ...common,
} as const
