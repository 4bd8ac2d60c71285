import { account } from './account'
import { admin } from './admin'
import { adminApiKeys } from './adminApiKeys'
import { adminBackups } from './adminBackups'
import { adminBranding } from './adminBranding'
import { adminGroups } from './adminGroups'
import { adminMcp } from './adminMcp'
import { adminModels } from './adminModels'
import { adminRetention } from './adminRetention'
import { adminSharing } from './adminSharing'
import { adminSignIn } from './adminSignIn'
import { adminUsage } from './adminUsage'
import { adminUsers } from './adminUsers'
import { agentSettings } from './agentSettings'
import { agents } from './agents'
import { apiKeys } from './apiKeys'
import { auth } from './auth'
import { chat } from './chat'
import { common } from './common'
import { demo } from './demo'
import { dictation } from './dictation'
import { errors } from './errors'
import { groups } from './groups'
import { images } from './images'
import { impersonation } from './impersonation'
import { knowledge } from './knowledge'
import { organise } from './organise'
import { prompts } from './prompts'
import { research } from './research'
import { search } from './search'
import { share } from './share'
import { shell } from './shell'
import { tools } from './tools'
import { yourData } from './yourData'

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
  ...adminModels,
  ...adminUsage,
  ...demo,
  ...adminBranding,
  ...adminSignIn,
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
  ...adminGroups,
  ...groups,
  ...organise,
  ...apiKeys,
  ...adminApiKeys,
  ...share,
  ...tools,
  ...adminMcp,
  ...adminBackups,
  ...adminSharing,
  ...adminRetention,
  ...yourData,
} as const
