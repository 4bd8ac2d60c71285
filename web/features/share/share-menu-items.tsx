import { Download, Share2 } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuItemClass } from '../../ui/menu'
import { exportChat } from './export-chat'
import { openShareDialog } from './share-ui'
import '../../i18n/areas/share'

/** "Share…" and the two exports, as items of a chat's menu (issue 32). */
export function ShareMenuItems({ chatId, title }: { chatId: string; title: string }) {
  const t = useT()
  return (
    <>
      <DropdownMenu.Item
        className={menuItemClass}
        onSelect={() => openShareDialog({ chatId, title })}
        data-testid="chat-menu-share"
      >
        <Share2 className="size-4" aria-hidden /> {t('share.menu.share')}
      </DropdownMenu.Item>
      <DropdownMenu.Item
        className={menuItemClass}
        onSelect={() => void exportChat(chatId, 'md')}
        data-testid="chat-menu-export-md"
      >
        <Download className="size-4" aria-hidden /> {t('share.menu.exportMarkdown')}
      </DropdownMenu.Item>
      <DropdownMenu.Item
        className={menuItemClass}
        onSelect={() => void exportChat(chatId, 'json')}
        data-testid="chat-menu-export-json"
      >
        <Download className="size-4" aria-hidden /> {t('share.menu.exportJson')}
      </DropdownMenu.Item>
    </>
  )
}
