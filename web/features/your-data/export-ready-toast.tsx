import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { t } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { useSocket } from '../chats/socket-context'
import '../../i18n/areas/shell'

/**
 * Anywhere in the app: when the zip of the person's data is ready (`account:export_ready`), a toast
 * with its download. Mounted with the dashboard; the export panel itself is a lazily loaded tab.
 */
export function ExportReadyToast() {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const ready = ({ id }: { id: string }) => {
      void queryClient.invalidateQueries({ queryKey: ['account-exports'] })
      toast.success(t('shell.exportReady'), {
        id: `export-${id}`,
        duration: 30_000,
        action: {
          label: t('shell.exportReady.download'),
          onClick: () => window.location.assign(`/api/account/exports/${encodeURIComponent(id)}/download`),
        },
      })
    }
    socket.on('account:export_ready', ready)
    return () => {
      socket.off('account:export_ready', ready)
    }
  }, [socket, queryClient])
  return null
}
