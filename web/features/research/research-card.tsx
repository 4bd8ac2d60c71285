import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Loader2, RotateCcw, Telescope, X } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { formatNumber } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { ApiRequestError } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { useSocket } from '../chats/socket-context'
import { researchNotesText } from './note-text'
import { cancelResearch, type Research, researchKey, researchQuery, retryResearch } from './research-api'
import { storeRetried, writingAgain } from './retry-state'
import { runUsageText } from './run-usage'
import '../../i18n/areas/research'

/** How many of the latest notes the card shows (the run keeps them all). */
const NOTES_SHOWN = 4

/**
 * What a research answer shows besides its text (loaded only for research answers): while it
 * runs, the live progress card (step, round, sources found and read, elapsed time, the latest
 * notes, Cancel); once failed, Retry under the findings kept so far; once finished in any way, a
 * quiet line with the run's tokens and cost. Every tab of the user gets `research:progress`; a
 * card mounted later (the chat opened again) reads the run first.
 */
export default function ResearchCard({
  researchId,
  mode,
  reason = null,
  kept = false,
}: {
  researchId: string
  mode: 'progress' | 'failed' | 'stopped' | 'completed'
  /** A failed run: the stored cause, and whether the answer holds the findings gathered so far. */
  reason?: string | null
  kept?: boolean
}) {
  const research = useResearch(researchId)
  if (mode === 'failed') return <RetryStrip research={research.data} reason={reason} kept={kept} />
  if (mode === 'stopped') return <CancelledNote research={research.data} />
  if (mode === 'completed') return <UsageLine research={research.data} className="mt-3" />
  return (
    <ProgressCard
      research={research.data}
      updatedAt={research.dataUpdatedAt}
      failedToLoad={research.isError}
    />
  )
}

function useResearch(researchId: string) {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const progress = (run: Research) => {
      if (run.id !== researchId) return
      queryClient.setQueryData(researchKey(researchId), run)
      // Retried (here or in another tab): the answer is being written again, the card comes back.
      if (run.status === 'queued' || run.status === 'running') writingAgain(queryClient, run)
    }
    // Reconnected: progress sent meanwhile is lost, read the run again.
    const reconnected = () => void queryClient.invalidateQueries({ queryKey: researchKey(researchId) })
    socket.on('research:progress', progress)
    socket.on('connect', reconnected)
    return () => {
      socket.off('research:progress', progress)
      socket.off('connect', reconnected)
    }
  }, [socket, queryClient, researchId])
  return useQuery(researchQuery(researchId))
}

function ProgressCard({
  research,
  updatedAt,
  failedToLoad,
}: {
  research: Research | undefined
  updatedAt: number
  failedToLoad: boolean
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const cancel = useMutation({
    mutationFn: () => cancelResearch(research?.id ?? ''),
    onSuccess: (run) => queryClient.setQueryData(researchKey(run.id), run),
    onError: () => toast.error(t('research.progress.cancelFailed'), { id: 'research-cancel' }),
  })
  const finished = research && ['completed', 'failed', 'cancelled'].includes(research.status)
  const step = research?.status === 'queued' || !research?.step ? 'queued' : research.step
  // Worded from their codes in the active language (decision 150), English for older runs.
  const notes = research ? researchNotesText(research).slice(-NOTES_SHOWN) : []
  return (
    <section
      aria-label={t('research.progress.label')}
      aria-busy
      data-testid="research-progress"
      data-step={research ? step : undefined}
      className="flex w-[min(34rem,calc(100vw-4rem))] max-w-full flex-col gap-3"
    >
      <header className="flex items-start gap-2.5">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand-ink dark:bg-brand/20">
          <Telescope className="size-4.5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold leading-6 break-words" data-testid="research-topic-title">
            {research
              ? t('research.progress.title', { topic: research.topic })
              : t('research.progress.label')}
          </h3>
          <p
            className="flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300"
            aria-live="polite"
            data-testid="research-step"
          >
            {failedToLoad ? (
              t('research.progress.loadFailed')
            ) : (
              <>
                <Loader2 className="size-3.5 shrink-0 animate-spin text-brand-ink" aria-hidden />
                {research ? t(`research.step.${step}`) : null}
              </>
            )}
          </p>
        </div>
      </header>
      {research ? (
        <ul className="flex flex-wrap gap-1.5 text-xs" data-testid="research-figures">
          {research.rounds > 0 ? (
            <Figure testId="research-round">
              {t('research.progress.round', {
                round: formatNumber(Math.max(1, research.round)),
                rounds: formatNumber(research.rounds),
              })}
            </Figure>
          ) : null}
          <Figure testId="research-found">
            {t('research.progress.found', { count: research.sourcesFound })}
          </Figure>
          <Figure testId="research-read">
            {t('research.progress.read', { count: research.sourcesRead })}
          </Figure>
          <Figure testId="research-elapsed">
            <Elapsed research={research} updatedAt={updatedAt} />
          </Figure>
        </ul>
      ) : null}
      {notes.length > 0 ? (
        <div>
          <h4 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {t('research.progress.notes')}
          </h4>
          <ul
            className="mt-1 space-y-0.5 text-sm text-zinc-700 dark:text-zinc-300"
            data-testid="research-notes"
          >
            {notes.map((note, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes only grow at the end
              <li key={index} className="flex gap-1.5 break-words">
                <span aria-hidden className="text-zinc-400">
                  •
                </span>
                <span className="min-w-0">{note}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {research && !finished ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            busy={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-testid="research-cancel"
          >
            {cancel.isPending ? null : <X className="size-4" aria-hidden />}
            {cancel.isPending ? t('research.progress.cancelling') : t('research.progress.cancel')}
          </Button>
        </div>
      ) : null}
    </section>
  )
}

function Figure({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <li
      className="rounded-full bg-zinc-100 px-2.5 py-1 text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300"
      data-testid={testId}
    >
      {children}
    </li>
  )
}

/**
 * The time the run has taken, ticking each second while it runs: the server's figure plus the
 * time since it arrived (`updatedAt`), so the server's and the browser's clocks need not agree.
 */
function Elapsed({ research, updatedAt }: { research: Research; updatedAt: number }) {
  const t = useT()
  const running = research.status === 'running'
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  const ms = running ? research.elapsedMs + Math.max(0, now - updatedAt) : research.elapsedMs
  return <>{t('research.progress.elapsed', { time: clock(ms) })}</>
}

/** The time a finished run took; a run cancelled between saves has no figure of its own yet. */
function elapsedOf(research: Research): number {
  if (research.elapsedMs > 0 || !research.startedAt || !research.finishedAt) return research.elapsedMs
  return Math.max(0, Date.parse(research.finishedAt) - Date.parse(research.startedAt))
}

/** 0:07, 2:05, 1:02:05: digits only, the same in every language. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

/** The tokens and cost a finished run was charged ('12,345 tokens · $0.0123'); nothing before that. */
function UsageLine({ research, className }: { research: Research | undefined; className?: string }) {
  // Re-rendered when the language changes: the text and its figures are formatted in it.
  useT()
  const text = research ? runUsageText(research) : null
  if (!text) return null
  return (
    <p
      className={cn('text-xs text-zinc-600 tabular-nums dark:text-zinc-400', className)}
      data-testid="research-usage"
    >
      {text}
    </p>
  )
}

/** A cancelled run: how long it ran and what it had found (its answer may hold no text at all). */
function CancelledNote({ research }: { research: Research | undefined }) {
  const t = useT()
  if (!research) return null
  return (
    <div
      className="flex flex-wrap items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-300"
      data-testid="research-cancelled"
    >
      <Telescope className="size-4 shrink-0 text-zinc-500" aria-hidden />
      <span>{t('research.cancelled', { time: clock(elapsedOf(research)) })}</span>
      <span className="text-zinc-600 dark:text-zinc-400">
        {t('research.progress.found', { count: research.sourcesFound })} ·{' '}
        {t('research.progress.read', { count: research.sourcesRead })}
      </span>
      <span className="ml-auto">
        <RetryButton research={research} />
      </span>
      <UsageLine research={research} className="basis-full" />
    </div>
  )
}

function useRetry(research: Research | undefined) {
  const t = useT()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => retryResearch(research?.id ?? ''),
    onSuccess: (run) => {
      storeRetried(queryClient, run)
      writingAgain(queryClient, run)
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError && error.code ? error.message : t('research.failed.retryFailed'),
        {
          id: 'research-retry',
        },
      ),
  })
}

function RetryButton({ research }: { research: Research | undefined }) {
  const t = useT()
  const retry = useRetry(research)
  return (
    <Button
      variant="outline"
      size="sm"
      busy={retry.isPending}
      disabled={!research}
      onClick={() => retry.mutate()}
      data-testid="research-retry"
    >
      {retry.isPending ? null : <RotateCcw className="size-4" aria-hidden />}
      {t('research.failed.retry')}
    </Button>
  )
}

/**
 * Under a failed run's answer: the spec's 'Failed to conduct research' with the stored cause, a
 * word that the findings gathered so far are kept (when there are any), and Retry (the run picks
 * up from its findings).
 */
function RetryStrip({
  research,
  reason,
  kept,
}: {
  research: Research | undefined
  reason: string | null
  kept: boolean
}) {
  const t = useT()
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400" role="alert">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          {t('research.failed.conduct')}
          {reason ? (
            <span className="block text-red-800/90 dark:text-red-300/90" data-testid="failure-reason">
              {reason}
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 pt-2 dark:border-zinc-800">
        {kept ? (
          <p className="min-w-0 flex-1 text-sm text-zinc-700 dark:text-zinc-300">
            {t('research.failed.kept')}
          </p>
        ) : null}
        <RetryButton research={research} />
      </div>
      <UsageLine research={research} />
    </div>
  )
}
