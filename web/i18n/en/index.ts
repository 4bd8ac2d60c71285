import { account } from './account'
import { admin } from './admin'
import { adminUsers } from './adminUsers'
import { auth } from './auth'
import { chat } from './chat'
import { common } from './common'
import { errors } from './errors'
import { shell } from './shell'

/**
 * The English catalogue, the source every other language translates (web/i18n/README.md). One file
 * per area of the app; keys are `area.what`, texts are ICU MessageFormat.
 */
export const en = {
  ...common,
  ...auth,
  ...shell,
  ...chat,
  ...account,
  ...admin,
  ...adminUsers,
  ...errors,
} as const
