import { lazyComponent } from '../../lib/lazy-component'
import { useShareDialog } from './share-ui'

const ShareDialog = lazyComponent(() => import('./share-dialog'))

/** Mounted once in the signed-in app: the share dialog's chunk is fetched when it is first opened. */
export function ShareDialogHost() {
  const state = useShareDialog()
  if (!state) return null
  return <ShareDialog key={state.chatId} chatId={state.chatId} title={state.title} />
}
