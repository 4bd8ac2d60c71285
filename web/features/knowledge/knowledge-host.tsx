import { lazyComponent } from '../../lib/lazy-component'
import { closeKnowledge, useKnowledgeScreen } from './knowledge-ui'

// Fetched when first opened: the chat page's first download does not grow.
const KnowledgePanel = lazyComponent(() => import('./knowledge-panel'))
const ExportChatDialog = lazyComponent(() => import('./export-chat-dialog'))

/** Shows whichever knowledge screen is open (see knowledge-ui.ts). */
export function KnowledgeHost() {
  const screen = useKnowledgeScreen()
  if (!screen) return null
  return (
    <>
      {screen.kind === 'panel' ? (
        <KnowledgePanel entryId={screen.entryId} onClose={closeKnowledge} />
      ) : (
        <ExportChatDialog chatId={screen.chatId} onClose={closeKnowledge} />
      )}
    </>
  )
}
