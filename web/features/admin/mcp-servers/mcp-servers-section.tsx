import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadingScreen } from '../../../ui/loading-screen'
import { isRefusal } from '../refusal-boundary'
import { McpServerList } from './mcp-server-list'
import {
  deleteMcpServer,
  type McpServer,
  mcpServersQuery,
  putServer,
  toolsChanged,
  updateMcpServer,
} from './mcp-servers-query'
import '../../../i18n/areas/adminMcp'
import { lazyComponent } from '../../../lib/lazy-component'

// Its own chunk, fetched when Add or Edit is first used.
const McpServerDialog = lazyComponent(() => import('./mcp-server-dialog'))

/** Admin › MCP servers (issue 30): the servers whose tools the model may call, for whom, and with what approval. */
export function McpServersSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const servers = useQuery({ ...mcpServersQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  // 'new' for the add dialog, a server for its edit dialog.
  const [editing, setEditing] = useState<McpServer | 'new' | null>(null)
  const [deleting, setDeleting] = useState<McpServer | null>(null)

  const toggle = useMutation({
    mutationFn: ({ server, enabled }: { server: McpServer; enabled: boolean }) =>
      updateMcpServer(server.id, { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(mcpServersQuery.queryKey, (list) => putServer(list, saved))
      void toolsChanged(queryClient)
      toast.success(
        saved.enabled
          ? t('adminMcp.list.turnedOn', { name: saved.name })
          : t('adminMcp.list.turnedOff', { name: saved.name }),
      )
    },
    onError: (error) => toast.error(error.message),
  })

  const remove = useMutation({
    mutationFn: (server: McpServer) => deleteMcpServer(server.id),
    onSuccess: (_, server) => {
      queryClient.setQueryData(mcpServersQuery.queryKey, (list) =>
        list?.filter((item) => item.id !== server.id),
      )
      void toolsChanged(queryClient)
      setDeleting(null)
      toast.success(t('adminMcp.delete.done', { name: server.name }))
    },
    onError: (error) => {
      setDeleting(null)
      toast.error(error.message)
    },
  })

  return (
    <div className="mt-2 flex max-w-4xl flex-col gap-4" data-testid="mcp-servers-section">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminMcp.intro')}</p>
        <Button className="self-start" onClick={() => setEditing('new')} data-testid="add-mcp-server">
          <Plus className="size-4" aria-hidden />
          {t('adminMcp.add')}
        </Button>
      </div>
      {servers.isPending ? (
        <LoadingScreen />
      ) : servers.isError ? (
        <Alert tone="error">{servers.error.message}</Alert>
      ) : (
        <McpServerList
          servers={servers.data}
          switching={toggle.isPending ? (toggle.variables?.server.id ?? null) : null}
          onToggle={(server, enabled) => toggle.mutate({ server, enabled })}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      {editing ? (
        <McpServerDialog server={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={deleting ? t('adminMcp.delete.title', { name: deleting.name }) : ''}
        description={t('adminMcp.delete.body')}
        confirmLabel={t('adminMcp.delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        testId="delete-mcp-server-dialog"
        confirmTestId="confirm-delete-mcp-server"
      />
    </div>
  )
}
