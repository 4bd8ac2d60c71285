import { Component, type ReactNode } from 'react'
import { errorCode } from '../../lib/api-error'
import { AdminRefusal } from './admin-refusal'

/**
 * Turns a section's `forbidden:*` answer (the role changed, or the admin is acting as another
 * user: `forbidden:impersonating`) into the refusal screen. Sections opt in with
 * `throwOnError: isRefusal` on their queries; other errors stay with the section.
 */
export class RefusalBoundary extends Component<{ children: ReactNode }, { refused: boolean }> {
  override state = { refused: false }

  static getDerivedStateFromError(error: unknown) {
    if (isRefusal(error)) return { refused: true }
    throw error
  }

  override render() {
    return this.state.refused ? <AdminRefusal /> : this.props.children
  }
}

export function isRefusal(error: unknown): boolean {
  return errorCode(error)?.startsWith('forbidden:') ?? false
}
