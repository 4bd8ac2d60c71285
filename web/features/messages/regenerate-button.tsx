import { useQuery } from '@tanstack/react-query'
import { ChevronDown, RotateCcw } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass, menuLabelClass } from '../../ui/menu'
import { modelName } from '../models/model-texts'
import { modelsQuery } from '../models/models-query'
import { actionClass } from './message-action-class'
import { useMessageActions } from './message-actions'
import '../../i18n/areas/chat'

/**
 * Regenerate (Retry after a failure) and, beside it, 'Regenerate with…': the models the composer
 * offers, for an answer from another model. Either way the new answer is a sibling of this one.
 */
export function RegenerateButton({ messageId, failed }: { messageId: string; failed: boolean }) {
  const t = useT()
  const actions = useMessageActions()
  // The composer's model dropdown has read them already.
  const models = useQuery(modelsQuery).data ?? []
  return (
    <div className="flex items-center">
      <button type="button" className={actionClass} onClick={() => actions.regenerate(messageId)}>
        <RotateCcw className="size-3.5" aria-hidden />
        {failed ? t('chat.reply.retry') : t('chat.reply.regenerate')}
      </button>
      {models.length > 0 ? (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            className={actionClass}
            aria-label={t('chat.reply.regenerateWith')}
            title={t('chat.reply.regenerateWith')}
            data-testid="regenerate-with"
          >
            <ChevronDown className="size-3.5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={4}
              className={`${menuContentClass} max-h-80 overflow-y-auto`}
            >
              <DropdownMenu.Label className={menuLabelClass}>
                {t('chat.reply.regenerateWith')}
              </DropdownMenu.Label>
              {models.map((model) => (
                <DropdownMenu.Item
                  key={model.id}
                  className={menuItemClass}
                  onSelect={() => actions.regenerate(messageId, model.id)}
                  data-testid="regenerate-model"
                >
                  {modelName(model)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </div>
  )
}
