import { useQuery } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useT } from '../../i18n/i18n'
import { impersonationQuery } from './impersonation-query'
import '../../i18n/areas/impersonation'

/**
 * Account security (password, e-mail, deletion) stays the person's own: the server refuses it to a
 * support session (`forbidden:impersonating`, decision 117). While an administrator acts as someone
 * the forms are shown disabled, with the reason above them, instead of failing on submit (issue 26).
 */
export function AccountSecurityLock({ children }: { children: ReactNode }) {
  const t = useT()
  const id = useId()
  const name = useSupportAccessTarget()
  if (name === null) return children
  return (
    <div className="space-y-4" data-testid="account-security-locked">
      <LockReason id={id}>{t('impersonation.accountLocked', { name })}</LockReason>
      {/* A disabled fieldset disables every field and button inside it, however the forms are built;
          the fields are greyed so they do not look ready for typing. */}
      <fieldset
        disabled
        aria-describedby={id}
        className="min-w-0 [&_button]:cursor-not-allowed [&_input]:cursor-not-allowed [&_input]:bg-zinc-100 dark:[&_input]:bg-zinc-800/70"
      >
        {children}
      </fieldset>
    </div>
  )
}

/** The name of the person this tab acts as during support access; null when it acts as itself. */
export function useSupportAccessTarget(): string | null {
  const impersonation = useQuery(impersonationQuery).data
  if (!impersonation) return null
  return impersonation.targetUserName?.trim() || impersonation.targetUserEmail
}

/** Why a control is locked during support access, shown above or beside it (`id` for aria-describedby). */
export function LockReason({ id, children, testId }: { id: string; children: ReactNode; testId?: string }) {
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50"
      data-testid={testId}
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  )
}
