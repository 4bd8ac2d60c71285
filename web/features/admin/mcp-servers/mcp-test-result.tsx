import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react'
import { useT } from '../../../i18n/i18n'
import type { McpTestResult } from './mcp-servers-query'
import '../../../i18n/areas/adminMcp'

/** What "Test" found: the server's tools (those that change things marked), or why it could not connect. */
export function McpTestResultView({ result }: { result: McpTestResult }) {
  const t = useT()
  if (!result.ok) {
    return (
      <div
        role="alert"
        data-testid="mcp-test-result"
        data-ok="false"
        className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {/* The server explains in English (refused address, timed out, not an MCP endpoint). */}
        <span className="min-w-0 break-words">{t('adminMcp.test.failed', { error: result.error })}</span>
      </div>
    )
  }
  return (
    <div
      role="status"
      data-testid="mcp-test-result"
      data-ok="true"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleCheck className="size-4 shrink-0" aria-hidden />
        {t('adminMcp.test.ok', { count: result.tools.length })}
      </p>
      {result.tools.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1.5 text-xs">
          {result.tools.map((tool) => (
            <li key={tool.name} className="min-w-0" data-testid="mcp-test-tool">
              <span className="flex flex-wrap items-center gap-1.5">
                <code className="font-mono font-semibold break-all">{tool.name}</code>
                {tool.destructive ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                    <TriangleAlert className="size-3" aria-hidden />
                    {t('adminMcp.test.destructive')}
                  </span>
                ) : null}
              </span>
              <span className="block break-words text-emerald-950/80 dark:text-emerald-50/80">
                {tool.description || t('adminMcp.test.noDescription')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
