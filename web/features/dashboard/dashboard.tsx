import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { t } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { useMediaQuery } from '../../lib/use-media-query'
import { AgentsHost } from '../agents/agents-host'
import { SocketContext } from '../chats/socket-context'
import { useChatListEvents } from '../chats/use-chat-list-events'
import { useCurrentChatId } from '../chats/use-current-chat'
import { ImpersonationBanner } from '../impersonation/impersonation-banner'
import { KnowledgeHost } from '../knowledge/knowledge-host'
import { ChatView } from '../messages/chat-view'
import { PaletteHost } from '../palette/palette-host'
import { profileQuery } from '../profile/profile-query'
import { useProfileLanguage } from '../profile/use-profile-language'
import { ShareDialogHost } from '../share/share-dialog-host'
import { ExportReadyToast } from '../your-data/export-ready-toast'
import { Header } from './header'
import { DesktopSidebar } from './sidebar'
import { useRealtime } from './use-realtime'
import '../../i18n/areas/shell'
import { lazyComponent } from '../../lib/lazy-component'

// The dialogs are fetched when first opened, so the first visit downloads less.
const ProfileDialog = lazyComponent(() => import('../profile/profile-dialog'))
const SettingsDialog = lazyComponent(() => import('../settings/settings-dialog'))
const MobileSidebar = lazyComponent(() => import('./mobile-sidebar'))

const SIDEBAR_KEY = 'sidebar_open'

export function Dashboard({ userId }: { userId: string }) {
  const chatId = useCurrentChatId()
  const profile = useQuery(profileQuery)
  const socket = useRealtime(userId)
  useProfileLanguage()
  const wide = useMediaQuery('(min-width: 768px)')
  const [desktopOpen, setDesktopOpen] = useState(() => localStorage.getItem(SIDEBAR_KEY) !== 'false')
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [dialog, setDialog] = useState<'profile' | 'settings' | null>(null)
  const menuButton = useRef<HTMLButtonElement>(null)
  // The dialogs open from a menu that is gone by the time they close: hand focus back to its button.
  function closeDialog(open: boolean) {
    if (open) return
    setDialog(null)
    requestAnimationFrame(() => menuButton.current?.focus())
  }
  const isAdmin = profile.data?.role === 'admin'

  useEffect(() => {
    if (profile.isError) toast.error(t('shell.profile.loadFailed'), { id: 'profile-load' })
  }, [profile.isError])

  function toggleSidebar() {
    if (!wide) return setDrawerOpen((open) => !open)
    setDesktopOpen((open) => {
      localStorage.setItem(SIDEBAR_KEY, String(!open))
      return !open
    })
  }

  return (
    <SocketContext.Provider value={socket}>
      <ChatListEvents />
      <ExportReadyToast />
      <div data-testid="dashboard" className="flex h-full flex-col">
        <ImpersonationBanner />
        <Header
          profile={profile.data}
          sidebarOpen={wide ? desktopOpen : drawerOpen}
          onToggleSidebar={toggleSidebar}
          onOpenProfile={() => setDialog('profile')}
          onOpenSettings={() => setDialog('settings')}
          menuButtonRef={menuButton}
        />
        <div className="flex min-h-0 flex-1">
          {wide ? (
            <DesktopSidebar open={desktopOpen} isAdmin={isAdmin} />
          ) : (
            <MobileSidebar open={drawerOpen} onOpenChange={setDrawerOpen} isAdmin={isAdmin} />
          )}
          <main className="flex min-w-0 flex-1 flex-col">
            <ChatView chatId={chatId} name={profile.data?.full_name?.trim() || null} />
          </main>
        </div>

        {dialog === 'profile' ? <ProfileDialog open onOpenChange={closeDialog} /> : null}
        {dialog === 'settings' ? <SettingsDialog open onOpenChange={closeDialog} /> : null}

        <KnowledgeHost />
        <AgentsHost />
        <ShareDialogHost />
        <PaletteHost onOpenSettings={() => setDialog('settings')} />
      </div>
    </SocketContext.Provider>
  )
}

function ChatListEvents() {
  useChatListEvents()
  return null
}
