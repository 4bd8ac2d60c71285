import { useId } from 'react'
import { type BuiltinToolId, builtinToolIds, type ToolCallStatus } from '../../../../db/catalogues/tools'
import { formatDate, formatNumber, formatRelative, formatTime } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { Card } from './usage-card'
import type { Usage } from './usage-query'
import '../../../i18n/areas/adminUsage'

type Translate = ReturnType<typeof useT>

const isBuiltin = (tool: string): tool is BuiltinToolId =>
  (builtinToolIds as readonly string[]).includes(tool)

/** A tool as people know it: a built-in one by its spec name in the reader's language, an MCP server by its name. */
function toolLabel(t: Translate, tool: string, server: string | null): string {
  if (isBuiltin(tool)) return t(`adminUsage.tool.${tool}`)
  return server ? t('adminUsage.tool.mcpServer', { server }) : t('adminUsage.tool.mcp')
}

/** '850 ms', '4.2 s': milliseconds while they read well, then seconds with one decimal. */
function duration(t: Translate, ms: number): string {
  if (ms < 1000) return t('adminUsage.tool.ms', { ms: formatNumber(ms) })
  return t('adminUsage.tool.seconds', { seconds: formatNumber(Math.round(ms / 100) / 10) })
}

const STATUS_TONE: Record<ToolCallStatus, string> = {
  done: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  denied: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  running: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
  awaiting_approval: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
}

/**
 * The period's tool calls (issue 30 point 9): per tool and MCP server (calls, failed, denied, mean
 * duration) and the latest calls as the audit shows them (who, support access, chat, tool, status,
 * duration; never the arguments).
 */
export function ToolCalls({ usage }: { usage: Usage }) {
  const t = useT()
  return (
    <Card title={t('adminUsage.tools')} hint={t('adminUsage.toolsHint')} csv="tools" days={usage.days}>
      {usage.tools.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="usage-tools-empty">
          {t('adminUsage.toolsEmpty')}
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          <ToolTable usage={usage} />
          <RecentCalls usage={usage} />
        </div>
      )}
    </Card>
  )
}

function ToolTable({ usage }: { usage: Usage }) {
  const t = useT()
  return (
    // A long server name or a language's long headers can make it wider than a phone: it then
    // scrolls, so it takes focus to be scrolled by keyboard (axe scrollable-region-focusable).
    <section
      aria-label={t('adminUsage.tools')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand"
    >
      <table className="w-full text-sm" data-testid="usage-tools">
        <thead>
          <tr className="border-b border-zinc-200 text-left text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="py-1.5 pr-1.5 font-medium sm:pr-3">
              {t('adminUsage.tool.name')}
            </th>
            <th scope="col" className="px-1.5 py-1.5 text-right font-medium sm:px-3">
              {t('adminUsage.tool.calls')}
            </th>
            <th scope="col" className="px-1.5 py-1.5 text-right font-medium sm:px-3">
              {t('adminUsage.tool.failed')}
            </th>
            <th scope="col" className="px-1.5 py-1.5 text-right font-medium sm:px-3">
              {t('adminUsage.tool.denied')}
            </th>
            <th scope="col" className="py-1.5 pl-1.5 text-right font-medium sm:pl-3">
              {t('adminUsage.tool.average')}
            </th>
          </tr>
        </thead>
        <tbody>
          {usage.tools.map((row) => (
            <tr
              key={row.tool}
              className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/60"
              data-testid="usage-tool"
              data-tool={row.tool}
            >
              <th scope="row" className="py-1.5 pr-1.5 text-left font-medium break-words sm:pr-3">
                {toolLabel(t, row.tool, row.server)}
              </th>
              <td className="px-1.5 py-1.5 text-right tabular-nums sm:px-3" data-testid="usage-tool-calls">
                {formatNumber(row.calls)}
              </td>
              <td className="px-1.5 py-1.5 text-right tabular-nums sm:px-3" data-testid="usage-tool-failed">
                {formatNumber(row.failed)}
              </td>
              <td className="px-1.5 py-1.5 text-right tabular-nums sm:px-3" data-testid="usage-tool-denied">
                {formatNumber(row.denied)}
              </td>
              <td className="py-1.5 pl-1.5 text-right tabular-nums sm:pl-3" data-testid="usage-tool-average">
                {duration(t, row.avgMs)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const nameOf = (user: { name: string; email: string }) => user.name.trim() || user.email

function RecentCalls({ usage }: { usage: Usage }) {
  const t = useT()
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="text-sm font-semibold">
        {t('adminUsage.recentCalls')}
      </h4>
      <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('adminUsage.recentCallsHint')}</p>
      <ol className="mt-2 flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800/60">
        {usage.recentToolCalls.map((call) => (
          <li key={call.id} className="flex flex-col gap-0.5 py-2 text-sm" data-testid="usage-tool-call">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 break-words">
                <span className="font-medium">{toolLabel(t, call.tool, call.server)}</span>{' '}
                <code className="text-xs break-all text-zinc-700 dark:text-zinc-300">{call.name}</code>
              </span>
              <span className="flex items-baseline gap-2">
                <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
                  {duration(t, call.durationMs)}
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[call.status]}`}
                  data-testid="usage-tool-call-status"
                >
                  {t(`adminUsage.toolStatus.${call.status}`)}
                </span>
              </span>
            </div>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              <span className="break-words">{nameOf(call.user)}</span>{' '}
              <span className="break-all">{call.user.email}</span>
              {call.actingAdmin ? (
                <>
                  {' · '}
                  <span data-testid="usage-tool-call-admin">
                    {t('adminUsage.toolSupport', { admin: call.actingAdmin })}
                  </span>
                </>
              ) : null}
              {call.chatId ? (
                <>
                  {' · '}
                  <span title={call.chatId}>{t('adminUsage.toolChat', { id: call.chatId.slice(0, 8) })}</span>
                </>
              ) : null}
              {' · '}
              <time dateTime={call.at} title={`${formatDate(call.at)} ${formatTime(call.at)}`}>
                {formatRelative(call.at)}
              </time>
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
