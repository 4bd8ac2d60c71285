import type { Model } from '../../db/schema'
import type { ChatTurn } from '../ai/types'
import { partsOfAttachments } from '../attachments/service'
import type { AppContext } from '../context'
import type { ConversationTurn } from './service'

/**
 * The conversation as the model receives it. A user message with files becomes parts: its stored
 * text (which names the files), then each file (documents' text, images, notes). Only the message
 * being answered sends its images as image input; earlier images are named, not sent again, so a
 * long chat with photos does not re-send megabytes on every turn.
 */
export async function toModelTurns(
  ctx: Pick<AppContext, 'storage'>,
  turns: readonly ConversationTurn[],
  model: Pick<Model, 'supportsVision'>,
): Promise<ChatTurn[]> {
  const answering = turns.findLastIndex((turn) => turn.role === 'user')
  return Promise.all(
    turns.map(async (turn, index): Promise<ChatTurn> => {
      if (turn.attachments.length === 0) return { role: turn.role, content: turn.content }
      const parts = await partsOfAttachments(ctx, turn.attachments, {
        supportsVision: model.supportsVision,
        images: index === answering ? 'input' : 'note',
      })
      return { role: turn.role, content: [{ type: 'text', text: turn.content }, ...parts] }
    }),
  )
}
