import type { ReactNode } from 'react'

/**
 * A card of an admin section: a region named by its title (`id` is the title's), a line under the
 * title when it needs one, an action beside it (Back up now), and its content.
 */
export function AdminCard({
  id,
  title,
  intro,
  action,
  children,
}: {
  id: string
  title: string
  intro?: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {intro ? <p className="mt-1 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  )
}
