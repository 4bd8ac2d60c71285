import * as Tabs from '@radix-ui/react-tabs'
import { FolderInput, History, KeyRound, Shield, TriangleAlert } from 'lucide-react'

import { useT } from '../../i18n/i18n'
import { Dialog } from '../../ui/dialog'
import { AccessLogTab } from '../impersonation/access-log-tab'
import { AccountSecurityLock } from '../impersonation/account-security-lock'
import { DangerZoneTab, dismissFinalConfirmation, FinalConfirmationToaster } from './danger-zone-tab'
import { SecurityTab } from './security-tab'
import '../../i18n/areas/account'
import '../../i18n/areas/apiKeys'
import '../../i18n/areas/yourData'
import { lazyComponent } from '../../lib/lazy-component'

// Its own chunk: only those who open the tab load the keys' screens (issue 31).
const ApiKeysTab = lazyComponent(() => import('../api-keys/api-keys-tab'))
const YourDataTab = lazyComponent(() => import('../your-data/your-data-tab'))

// Each tab keeps its label on one line; on a phone the row scrolls sideways instead of wrapping.
const tabClass =
  'flex flex-[1_0_auto] items-center justify-center gap-2 rounded-lg px-3 py-2 whitespace-nowrap text-sm font-medium text-zinc-600 transition hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:bg-zinc-900 dark:data-[state=active]:text-zinc-100'

/**
 * Account Settings: a Security tab (password, e-mail), Account access (support accesses to this
 * account), API keys (the team API's personal keys), Your data (imports, what the organisation keeps)
 * and a Danger Zone tab (delete account).
 */
export default function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account.settings.title')}
      testId="settings-dialog"
      // Room for four tabs on one line (German included) and for the API keys list.
      className="sm:max-w-2xl"
      // Escape closes the final confirmation first, then the dialog.
      onEscapeKeyDown={(event) => {
        if (dismissFinalConfirmation()) event.preventDefault()
      }}
    >
      <Tabs.Root defaultValue="security">
        <Tabs.List
          aria-label={t('account.settings.sections')}
          className="mb-5 flex flex-wrap gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800"
        >
          <Tabs.Trigger value="security" className={tabClass}>
            <Shield className="size-4" aria-hidden /> {t('account.settings.security')}
          </Tabs.Trigger>
          <Tabs.Trigger value="access" className={tabClass}>
            <History className="size-4" aria-hidden /> {t('account.settings.access')}
          </Tabs.Trigger>
          <Tabs.Trigger value="api-keys" className={tabClass}>
            <KeyRound className="size-4" aria-hidden /> {t('apiKeys.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="data" className={tabClass}>
            <FolderInput className="size-4" aria-hidden /> {t('yourData.tab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="danger" className={tabClass}>
            <TriangleAlert className="size-4" aria-hidden /> {t('account.settings.dangerZone')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="security" className="focus-visible:outline-none">
          <AccountSecurityLock>
            <SecurityTab />
          </AccountSecurityLock>
        </Tabs.Content>
        <Tabs.Content value="access" className="focus-visible:outline-none">
          <AccessLogTab />
        </Tabs.Content>
        <Tabs.Content value="api-keys" className="focus-visible:outline-none">
          <ApiKeysTab />
        </Tabs.Content>
        <Tabs.Content value="data" className="focus-visible:outline-none">
          <YourDataTab />
        </Tabs.Content>
        <Tabs.Content value="danger" className="focus-visible:outline-none">
          <AccountSecurityLock>
            <DangerZoneTab />
          </AccountSecurityLock>
        </Tabs.Content>
      </Tabs.Root>
      <FinalConfirmationToaster />
    </Dialog>
  )
}
