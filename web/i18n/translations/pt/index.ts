import { defineCatalogue } from '../../catalogue'
import { account } from './account'
import { admin } from './admin'
import { adminBranding } from './adminBranding'
import { adminModels } from './adminModels'
import { adminUsage } from './adminUsage'
import { adminUsers } from './adminUsers'
import { agentSettings } from './agentSettings'
import { agents } from './agents'
import { auth } from './auth'
import { chat } from './chat'
import { common } from './common'
import { demo } from './demo'
import { dictation } from './dictation'
import { errors } from './errors'
import { images } from './images'
import { impersonation } from './impersonation'
import { knowledge } from './knowledge'
import { prompts } from './prompts'
import { research } from './research'
import { search } from './search'
import { shell } from './shell'

export const pt = defineCatalogue({
  ...common,
  ...auth,
  ...shell,
  ...chat,
  ...account,
  ...admin,
  ...adminUsers,
  ...adminModels,
  ...adminUsage,
  ...demo,
  ...adminBranding,
  ...prompts,
  ...impersonation,
  ...knowledge,
  ...errors,
  ...images,
  ...dictation,
  ...research,
  ...agents,
  ...agentSettings,
  ...search,
})
