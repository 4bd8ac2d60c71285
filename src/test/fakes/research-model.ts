/**
 * Scripted answers of the fake OpenAI server for deep research's four calls, told apart by the
 * first line of their system prompt ('Research task: plan' ...): a plan of N queries, findings
 * citing each fenced source, new queries from a reflection, and a report with the spec's sections
 * citing the sources it was given. `overrides` changes one task's behaviour (fail, hang, slow).
 */
import type { FakeOpenAiScript } from './openai-server'

export type ResearchTask = 'plan' | 'extract' | 'reflect' | 'report'

export interface ResearchModelOptions {
  overrides?: Partial<Record<ResearchTask, Partial<FakeOpenAiScript>>>
  /** Pause before each chunk of every answer (slows a run down for kill and cancel tests). */
  chunkDelayMs?: number
  /** Usage reported per call. */
  usage?: { prompt_tokens: number; completion_tokens: number }
}

export interface ResearchModel {
  responder: (body: Record<string, unknown>) => Partial<FakeOpenAiScript> | undefined
  calls: ResearchTask[]
  set(options: ResearchModelOptions): void
}

function taskOf(
  body: Record<string, unknown>,
): { task: ResearchTask; system: string; user: string } | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : []
  const system = messages.find((message) => message.role === 'system')
  const user = messages.findLast((message) => message.role === 'user')
  const text = typeof system?.content === 'string' ? system.content : ''
  const match = text.match(/^Research task: (plan|extract|reflect|report)/)
  if (!match) return undefined
  return {
    task: match[1] as ResearchTask,
    system: text,
    user: typeof user?.content === 'string' ? user.content : '',
  }
}

export function researchModel(initial: ResearchModelOptions = {}): ResearchModel {
  let options = initial
  const calls: ResearchTask[] = []
  let reflections = 0
  const responder = (body: Record<string, unknown>): Partial<FakeOpenAiScript> | undefined => {
    const call = taskOf(body)
    if (!call) return undefined
    calls.push(call.task)
    const common: Partial<FakeOpenAiScript> = {
      chunkDelayMs: options.chunkDelayMs ?? 0,
      usage: options.usage ?? { prompt_tokens: 1000, completion_tokens: 200 },
    }
    const override = options.overrides?.[call.task]
    let reply: string
    if (call.task === 'plan') {
      const count = Number(call.system.match(/exactly (\d+)/)?.[1] ?? 2)
      reply = Array.from({ length: count }, (_, index) => `- solar power question ${index + 1}`).join('\n')
    } else if (call.task === 'extract') {
      const numbers = [...call.user.matchAll(/<<<SOURCE (\d+)>>>/g)].map((match) => Number(match[1]))
      reply = numbers.map((n) => `- Source ${n} reports that solar capacity keeps growing [${n}]`).join('\n')
    } else if (call.task === 'reflect') {
      reflections += 1
      const count = Number(call.system.match(/up to (\d+)/)?.[1] ?? 2)
      reply = Array.from(
        { length: count },
        (_, index) => `follow-up ${reflections}.${index + 1} on storage`,
      ).join('\n')
    } else {
      const numbers = [...call.user.matchAll(/^\[(\d+)\] /gm)].map((match) => Number(match[1]))
      const cite = (index: number) => (numbers.length ? `[${numbers[index % numbers.length]}]` : '')
      reply = [
        '## Overview',
        `Solar power is growing fast ${cite(0)}.`,
        '## Key Findings',
        `- Capacity grew by 30% in 2025 ${cite(1)}.`,
        '## Trends',
        `Costs keep falling ${cite(2)}.`,
        '## Perspectives',
        `Utilities and installers differ ${cite(3)}.`,
        '## Statistics',
        `Module prices fell 90% in a decade ${cite(4)}.`,
        '## Future Implications',
        `Storage will matter more ${cite(5)}.`,
      ].join('\n\n')
    }
    return { ...common, reply, ...override }
  }
  return {
    responder,
    calls,
    set(next) {
      options = next
    },
  }
}
