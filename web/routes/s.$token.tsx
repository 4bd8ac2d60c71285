import { createFileRoute } from '@tanstack/react-router'
import { lazyComponent } from '../lib/lazy-component'
import { LoadingScreen } from '../ui/loading-screen'

// The shared page's own chunk: people who only ever open a link do not download the app.
const SharedPage = lazyComponent(() => import('../features/shared-page/shared-page'), LoadingScreen)

/** A share link (issue 32): `/s/<token>`, for signed-in people of the organisation or, when public, anyone. */
export const Route = createFileRoute('/s/$token')({
  component: function SharedRoute() {
    const { token } = Route.useParams()
    return <SharedPage token={token} />
  },
})
