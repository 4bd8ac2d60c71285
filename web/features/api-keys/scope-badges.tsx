import { useT } from '../../i18n/i18n'
import { SCOPES, type Scope } from './key-form'
import '../../i18n/areas/apiKeys'

const isScope = (scope: string): scope is Scope => (SCOPES as readonly string[]).includes(scope)

/** A key's scopes as small badges, in their usual order; shared with Admin › API. */
export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  const t = useT()
  return (
    <span className="inline-flex flex-wrap gap-1">
      {SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => (
        <span
          key={scope}
          className="inline-flex rounded-full bg-brand/10 px-2 py-0.5 text-xs font-medium text-brand-ink dark:bg-brand/20"
          data-testid="key-scope"
        >
          {t(`apiKeys.scope.${scope}`)}
        </span>
      ))}
      {scopes
        .filter((scope) => !isScope(scope))
        .map((scope) => (
          <span
            key={scope}
            className="inline-flex rounded-full bg-zinc-100 px-2 py-0.5 text-xs dark:bg-zinc-800"
          >
            {scope}
          </span>
        ))}
    </span>
  )
}
