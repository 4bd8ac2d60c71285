import { createLazyFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../../features/auth/reset-password-page'

export const Route = createLazyFileRoute('/auth/reset-password')({
  component: function ResetPasswordPageRoute() {
    const { token } = Route.useSearch()
    return <ResetPasswordPage token={token} />
  },
})
