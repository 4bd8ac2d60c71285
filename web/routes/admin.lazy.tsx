import { createLazyFileRoute } from '@tanstack/react-router'
import { AdminPage } from '../features/admin/admin-page'
import { SessionGate } from '../features/auth/session-gate'

export const Route = createLazyFileRoute('/admin')({
  component: () => <SessionGate>{() => <AdminPage />}</SessionGate>,
})
