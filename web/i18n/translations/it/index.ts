import { defineCatalogue } from '../../catalogue'
import { account } from './account'
import { admin } from './admin'
import { adminUsers } from './adminUsers'
import { auth } from './auth'
import { chat } from './chat'
import { common } from './common'
import { errors } from './errors'
import { shell } from './shell'

export const it = defineCatalogue({
  ...common,
  ...auth,
  ...shell,
  ...chat,
  ...account,
  ...admin,
  ...adminUsers,
  ...errors,
})
