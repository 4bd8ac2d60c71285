import type { ToolOutput } from '../types'
import type { SandboxLimits, SandboxOutcome } from './sandbox'

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`
const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`

/**
 * What the model reads of one run: the printed output, then the last expression's value, then
 * what went to stderr and the traceback, as a notebook cell shows them.
 */
export function toToolOutput(outcome: SandboxOutcome, limits: SandboxLimits): ToolOutput {
  switch (outcome.kind) {
    case 'timeout':
      return outcome.phase === 'run'
        ? { text: `Stopped: the code ran longer than the ${limits.runMs / 1000} s limit.`, isError: true }
        : { text: 'The Python sandbox did not start in time (the server is busy); try again.', isError: true }
    case 'memory':
      return {
        text: `Stopped: the code used more than ${megabytes(limits.residentBytes)} of memory.`,
        isError: true,
      }
    case 'crashed':
      return { text: 'The Python sandbox stopped unexpectedly; the code did not finish.', isError: true }
    case 'done': {
      const { stdout, result, stderr, error, dropped } = outcome.result
      const parts = [stdout, result === null ? '' : `${result}\n`, stderr, error ?? ''].filter(
        (part) => part !== '',
      )
      if (dropped > 0) {
        parts.push(
          `[output truncated: ${dropped} bytes past the ${kilobytes(limits.outputBytes)} limit were dropped]\n`,
        )
      }
      const text = parts.join('').trimEnd()
      return { text: text === '' ? '(no output)' : text, ...(error ? { isError: true } : {}) }
    }
  }
}
