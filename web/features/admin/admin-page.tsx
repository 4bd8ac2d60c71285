import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react'
import { buttonClass } from '../../ui/button'
import { displayName, profileQuery } from '../profile/profile-query'

/** The admin area. Only administrators may open it; others are told so and given a way back. */
export function AdminPage() {
  const profile = useQuery(profileQuery)
  if (profile.isPending) {
    return (
      <div
        className="flex h-full items-center justify-center text-sm text-zinc-600 dark:text-zinc-400"
        role="status"
      >
        Loading...
      </div>
    )
  }
  const isAdmin = profile.data?.role === 'admin'
  return (
    <main
      className="mx-auto flex min-h-full max-w-2xl flex-col justify-center px-6 py-12"
      data-testid="admin-page"
    >
      {isAdmin ? (
        <>
          <ShieldCheck className="size-10 text-brand-ink" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold tracking-tight">Admin Panel</h1>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300">
            Signed in as administrator <span className="font-semibold">{displayName(profile.data)}</span>.
          </p>
        </>
      ) : (
        <>
          <ShieldAlert className="size-10 text-red-600 dark:text-red-400" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold tracking-tight">Not allowed</h1>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300" role="alert">
            You are not allowed to open the admin area. Only administrators can.
          </p>
        </>
      )}
      <a href="/" className={`${buttonClass('outline')} mt-8 self-start`}>
        <ArrowLeft className="size-4" aria-hidden /> Back to the app
      </a>
    </main>
  )
}
