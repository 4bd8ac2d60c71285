import { Loader2, Mic, MicOff } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import type { DictationState } from './dictation-session'
import '../../i18n/areas/shell'

/** The composer's microphone: toggles dictation; pulses while listening, spins while transcribing. */
export function MicButton({
  state,
  busy,
  onToggle,
}: {
  state: DictationState
  busy: boolean
  onToggle: () => void
}) {
  const t = useT()
  const listening = state === 'listening'
  const label =
    state === 'transcribing'
      ? t('shell.composer.transcribing')
      : listening
        ? t('shell.composer.stopDictation')
        : t('shell.composer.dictate')
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={busy}
      aria-pressed={listening}
      aria-label={label}
      title={label}
      data-testid="dictate"
      data-state={state}
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-wait',
        listening
          ? 'bg-red-600 text-white hover:bg-red-700'
          : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800',
      )}
    >
      {busy ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : listening ? (
        <MicOff className="size-4" aria-hidden />
      ) : (
        <Mic className="size-4" aria-hidden />
      )}
    </button>
  )
}
