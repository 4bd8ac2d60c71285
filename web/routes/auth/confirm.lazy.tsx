import { createLazyFileRoute } from '@tanstack/react-router'
import { ConfirmEmailPage } from '../../features/auth/confirm-email-page'

export const Route = createLazyFileRoute('/auth/confirm')({
  component: function ConfirmEmailPageRoute() {
    const { token } = Route.useSearch()
    return <ConfirmEmailPage token={token} />
  },
})
