import * as Switch from '@radix-ui/react-switch'
import { useMutation } from '@tanstack/react-query'
import { Hand, KeyRound, Pencil, PlugZap, Trash2, Users } from 'lucide-react'
import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { type McpServer, testMcpServer } from './mcp-servers-query'
import { McpTestResultView } from './mcp-test-result'
import '../../../i18n/areas/adminMcp'

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap'
const quiet = `${badge} bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`

interface ListProps {
  servers: McpServer[]
  /** The id whose switch is being saved. */
  switching: string | null
  onToggle: (server: McpServer, enabled: boolean) => void
  onEdit: (server: McpServer) => void
  onDelete: (server: McpServer) => void
}

/** The servers, one row each: switch, name, URL, who and approval, Test with its result, edit and delete. */
export function McpServerList({ servers, switching, onToggle, onEdit, onDelete }: ListProps) {
  const t = useT()
  if (servers.length === 0) {
    return (
      <p
        className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        data-testid="mcp-servers-empty"
      >
        {t('adminMcp.empty')}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {servers.map((server) => (
        <McpServerRow
          key={server.id}
          server={server}
          busy={switching === server.id}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </ul>
  )
}

function McpServerRow({
  server,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: Omit<ListProps, 'servers' | 'switching'> & { server: McpServer; busy: boolean }) {
  const t = useT()
  const test = useMutation({ mutationFn: () => testMcpServer(server.id) })
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4"
      data-testid="mcp-server-row"
      data-server={server.id}
      data-enabled={server.enabled}
    >
      <div className="flex items-start gap-3">
        <Switch.Root
          checked={server.enabled}
          disabled={busy}
          onCheckedChange={(enabled) => onToggle(server, enabled)}
          aria-label={t('adminMcp.list.enable', { name: server.name })}
          data-testid="mcp-server-switch"
          className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 data-[state=checked]:bg-brand dark:bg-zinc-600"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="font-medium break-all" data-testid="mcp-server-name">
              {server.name}
            </span>
            {server.enabled ? (
              <span
                className={`${badge} bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200`}
              >
                {t('adminMcp.list.enabled')}
              </span>
            ) : (
              <span className={quiet}>{t('adminMcp.list.disabled')}</span>
            )}
          </div>
          <div className="mt-0.5 font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">
            {server.url}
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <span className={quiet} data-testid="mcp-server-who">
              <Users className="size-3" aria-hidden />
              {server.groups.length === 0
                ? t('adminMcp.list.everyone')
                : t('adminMcp.list.groups', { count: server.groups.length })}
            </span>
            <span className={quiet} data-testid="mcp-server-approval">
              <Hand className="size-3" aria-hidden />
              {t(`adminMcp.approval.${server.approval}`)}
            </span>
            {server.header_names.length > 0 ? (
              <span className={quiet} title={server.header_names.join(', ')}>
                <KeyRound className="size-3" aria-hidden />
                {t('adminMcp.list.headers', { count: server.header_names.length })}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <Button
            variant="outline"
            size="sm"
            busy={test.isPending}
            onClick={() => test.mutate()}
            aria-label={t('adminMcp.list.testLabel', { name: server.name })}
            data-testid="test-mcp-server"
          >
            {!test.isPending && <PlugZap className="size-4" aria-hidden />}
            <span className="max-sm:sr-only">{t('adminMcp.list.test')}</span>
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            onClick={() => onEdit(server)}
            aria-label={t('adminMcp.list.editLabel', { name: server.name })}
            title={t('adminMcp.list.edit')}
            data-testid="edit-mcp-server"
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8 text-red-700 dark:text-red-300"
            onClick={() => onDelete(server)}
            aria-label={t('adminMcp.list.deleteLabel', { name: server.name })}
            title={t('adminMcp.list.delete')}
            data-testid="delete-mcp-server"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {test.data ? (
        <McpTestResultView result={test.data} />
      ) : test.isError ? (
        <McpTestResultView result={{ ok: false, error: test.error.message }} />
      ) : null}
    </li>
  )
}
