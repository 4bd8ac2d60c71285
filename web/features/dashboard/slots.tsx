import { BudgetBanner } from '../budget/budget-banner'
import { ChatList } from '../chats/chat-list'

/** Named places in the dashboard that other features fill. */
export function ChatListSlot({ onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  return <ChatList onNavigate={onNavigate} />
}

export function BudgetBannerSlot() {
  return <BudgetBanner />
}
