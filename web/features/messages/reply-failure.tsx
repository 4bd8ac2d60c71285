import { AlertCircle } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { replyFailureText } from './send-failure'

/** Under a failed answer: the spec's failure text together with the stored reason. */
export function ReplyFailure({ reason }: { reason: string | null | undefined }) {
  useT() // the spec's text follows the language
  const text = replyFailureText(reason)
  return (
    <div className="mt-1 flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400" role="alert">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {text.title}
        {text.reason ? (
          <span className="block text-red-800/90 dark:text-red-300/90" data-testid="failure-reason">
            {text.reason}
          </span>
        ) : null}
      </p>
    </div>
  )
}
