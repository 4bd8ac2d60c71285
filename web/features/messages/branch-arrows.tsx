import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { useMessageActions } from './message-actions'
import { siblingIdsOf } from './message-tree'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

const arrowClass =
  'flex size-6 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand disabled:pointer-events-none disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'

/** '‹ 2 / 3 ›' under a message that has other versions (edits, regenerated answers). */
export function BranchArrows({ message }: { message: Message }) {
  const t = useT()
  const actions = useMessageActions()
  const siblings = siblingIdsOf(message)
  if (siblings.length < 2) return null
  const index = Math.max(0, siblings.indexOf(message.id))
  const previous = siblings[index - 1]
  const next = siblings[index + 1]
  return (
    <div
      className="flex items-center text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
      data-testid="branch-arrows"
    >
      <button
        type="button"
        className={arrowClass}
        aria-label={t('chat.branch.previous')}
        disabled={!previous || actions.switching}
        onClick={() => previous && actions.switchBranch(previous)}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span data-testid="branch-position">
        {t('chat.branch.position', { current: index + 1, total: siblings.length })}
      </span>
      <button
        type="button"
        className={arrowClass}
        aria-label={t('chat.branch.next')}
        disabled={!next || actions.switching}
        onClick={() => next && actions.switchBranch(next)}
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  )
}
