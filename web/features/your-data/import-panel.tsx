import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FileUp } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { formatDate, formatPercent } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { UploadAborted } from '../../lib/send-file'
import { toast } from '../../lib/toast'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { LockReason, useSupportAccessTarget } from '../impersonation/account-security-lock'
import { ImportCard } from './import-card'
import { cancelImport, type Import, importsQuery, startImport } from './imports-query'
import '../../i18n/areas/yourData'

/**
 * Bring in chats (issue 32, point 5): a ChatGPT or Claude export, or Parley's own JSON. The file is
 * sent with its progress; the import then runs on the server, followed here every second, and ends
 * with its report. Support access may not import into the person's account (the server refuses it
 * too), so the panel says why instead of offering it.
 */
export function ImportPanel() {
  const t = useT()
  const titleId = useId()
  const lockId = useId()
  const supportTarget = useSupportAccessTarget()
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3" data-testid="import-panel">
      <h3
        id={titleId}
        className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100"
      >
        <FileUp className="size-4" aria-hidden /> {t('yourData.import.title')}
      </h3>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('yourData.import.intro')}</p>
      {supportTarget !== null ? (
        <LockReason id={lockId} testId="import-locked">
          {t('yourData.import.locked', { name: supportTarget })}
        </LockReason>
      ) : (
        <Imports />
      )}
    </section>
  )
}

function Imports() {
  const t = useT()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const imports = useQuery(importsQuery)
  const [sending, setSending] = useState<{ name: string; fraction: number; abort: () => void } | null>(null)
  const [sendError, setSendError] = useState<string | null>(null)
  const cancel = useMutation({
    mutationFn: cancelImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsQuery.queryKey }),
    onError: (error) => toast.error(error.message),
  })
  const list = imports.data ?? []
  const [latest, ...earlier] = list
  const followed = useImportFinished(latest)
  // Leaving the tab while the file is still being sent stops the upload.
  const sendingNow = useRef(sending)
  sendingNow.current = sending
  useEffect(() => () => sendingNow.current?.abort(), [])

  async function choose(file: File) {
    setSendError(null)
    const request = startImport(file, (fraction) => setSending((now) => now && { ...now, fraction }))
    setSending({ name: file.name, fraction: 0, abort: request.abort })
    try {
      followed.current = await request.started
      await queryClient.invalidateQueries({ queryKey: importsQuery.queryKey })
    } catch (error) {
      if (!(error instanceof UploadAborted)) setSendError((error as Error).message)
    } finally {
      setSending(null)
    }
  }

  const running = sending !== null || latest?.status === 'running'
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept=".zip,.json,application/zip,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void choose(file)
          }}
        />
        <Button
          variant="outline"
          disabled={running}
          onClick={() => input.current?.click()}
          data-testid="import-choose"
        >
          {t('yourData.import.choose')}
        </Button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('yourData.import.limit')}</span>
      </div>
      {sending ? (
        <p
          className="text-sm text-zinc-700 dark:text-zinc-300"
          aria-live="polite"
          data-testid="import-sending"
        >
          {t('yourData.import.uploading', { name: sending.name })} {formatPercent(sending.fraction)}
        </p>
      ) : null}
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      {imports.isError ? <Alert tone="error">{imports.error.message}</Alert> : null}
      {latest ? (
        <ImportCard item={latest} cancelling={cancel.isPending} onCancel={() => cancel.mutate(latest.id)} />
      ) : null}
      {earlier.length ? <EarlierImports items={earlier} /> : null}
    </>
  )
}

/**
 * When the import followed here ends (started here, or seen running): a toast, and the chat list
 * read again (the new chats in it). Answers the ref that names the import started here: a small
 * import may be done before the list first shows it running.
 */
function useImportFinished(latest: Import | undefined) {
  const t = useT()
  const queryClient = useQueryClient()
  const followed = useRef<string | null>(null)
  useEffect(() => {
    if (!latest) return
    if (latest.status === 'running') {
      followed.current = latest.id
      return
    }
    if (followed.current !== latest.id) return
    followed.current = null
    if (latest.status === 'done') {
      toast.success(t('yourData.import.doneToast'))
      void queryClient.invalidateQueries({ queryKey: ['chats'] })
    }
  }, [latest, queryClient, t])
  return followed
}

function EarlierImports({ items }: { items: Import[] }) {
  const t = useT()
  return (
    <details className="text-sm" data-testid="import-earlier">
      <summary className="cursor-pointer rounded text-zinc-700 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300">
        {t('yourData.import.earlier')}
      </summary>
      <ul className="mt-2 flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
            <span className="min-w-0 break-all font-medium text-zinc-800 dark:text-zinc-200">
              {item.file_name}
            </span>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {[
                formatDate(item.created_at),
                item.source ? t(`yourData.import.from.${item.source}`) : null,
                t(`yourData.import.status.${item.status}`),
                item.status === 'done'
                  ? t('yourData.import.summary', { chats: item.report.chats, messages: item.report.messages })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </details>
  )
}
