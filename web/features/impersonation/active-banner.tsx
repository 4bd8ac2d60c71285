import { useInfiniteQuery } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { formatTime } from '../../i18n/format'
import { t as translate, useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { chatsQuery } from '../chats/chats-query'
import { useSocket } from '../chats/socket-context'
import { useCurrentChatId, useSelectChat } from '../chats/use-current-chat'
import { countdown, isExpiringSoon, reasonLabel } from './banner-figures'
import {
  accessRuns,
  type ImpersonationData,
  isReturningToOwnSession,
  returnToOwnSession,
} from './impersonation-query'
import '../../i18n/areas/impersonation'

function useNow(everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/**
 * The banner of a running support access (spec section 2, 'Impersonation banner'): who is acted as,
 * why, until when, with Stop. A chunk of its own (issue 35): most sessions are nobody's support
 * access, and their pages do without its code and texts.
 */
export default function ActiveBanner({ impersonation }: { impersonation: ImpersonationData }) {
  const t = useT()
  const now = useNow()
  const [stopping, setStopping] = useState(false)
  const expiresAt = impersonation.accessDetails.expires_at
  const soon = isExpiringSoon(impersonation.accessDetails, now)
  const over = new Date(expiresAt).getTime() <= now
  useAccessEnd(over)
  useFirstChatCurrent()
  const admin = impersonation.actingAdmin
  const target = impersonation.targetUserName?.trim() || impersonation.targetUserEmail

  async function stop() {
    setStopping(true)
    try {
      await returnToOwnSession()
    } catch {
      setStopping(false)
      toast.error(translate('impersonation.stopFailed'))
    }
  }

  return (
    <section
      aria-label={t('impersonation.banner.region')}
      data-testid="impersonation-banner"
      data-expiring={soon ? 'true' : 'false'}
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-1 border-b px-4 py-2 text-sm',
        soon
          ? 'border-red-300 bg-red-100 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50'
          : 'border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden />
      {soon ? (
        <strong className="font-bold" data-testid="impersonation-expiring">
          {t('impersonation.banner.expiringSoon')}
        </strong>
      ) : null}
      <span className="font-semibold">
        {t('impersonation.banner.actingAs', { name: target, email: impersonation.targetUserEmail })}
      </span>
      <span>
        {t('impersonation.banner.reason', { reason: reasonLabel(impersonation.accessDetails.reason_code) })}
      </span>
      <span>{t('impersonation.banner.case', { caseNumber: impersonation.accessDetails.case_number })}</span>
      <span>
        {t('impersonation.banner.expires', { time: formatTime(expiresAt) })} ·{' '}
        <span className="tabular-nums" data-testid="impersonation-countdown">
          {t('impersonation.banner.timeLeft', { left: countdown(expiresAt, now) })}
        </span>
      </span>
      <span>{t('impersonation.banner.admin', { name: admin.name?.trim() || admin.email })}</span>
      <Button
        size="sm"
        variant={soon ? 'destructive' : 'outline'}
        className="ms-auto"
        busy={stopping}
        onClick={() => void stop()}
      >
        {t('impersonation.banner.stop')}
      </Button>
    </section>
  )
}

/**
 * It ends on time, everywhere: at the countdown's end, when the server says so
 * (`impersonation:ended`), or when the server cuts the socket, the tab goes back to the admin's own
 * session. `impersonation:expiring` warns when the banner turns red (decision 146).
 */
function useAccessEnd(over: boolean) {
  const socket = useSocket()
  const leave = () => {
    // Stop Impersonation (or Sign Out) is already on its way: the end it caused is no news.
    if (isReturningToOwnSession()) return
    toast.info(translate('impersonation.endedToast'))
    void returnToOwnSession()
  }
  useEffect(() => {
    if (over) leave()
  })
  useEffect(() => {
    if (!socket) return
    const expiring = ({ expiresAt }: { expiresAt: string }) =>
      toast.warning(translate('impersonation.expiringToast', { time: formatTime(expiresAt) }))
    const disconnected = (reason: string) => {
      if (reason === 'io server disconnect') leave()
    }
    // A socket that was away (a dropped connection on a busy network) missed the end and its cut,
    // and the server now refuses the ended access's handshake: ask whether the access still runs.
    const askServer = () =>
      void accessRuns()
        .catch(() => true)
        .then((runs) => runs || leave())
    socket.on('impersonation:expiring', expiring)
    socket.on('impersonation:ended', leave)
    socket.on('disconnect', disconnected)
    socket.on('connect_error', askServer)
    socket.io.on('reconnect', askServer)
    return () => {
      socket.off('impersonation:expiring', expiring)
      socket.off('impersonation:ended', leave)
      socket.off('disconnect', disconnected)
      socket.off('connect_error', askServer)
      socket.io.off('reconnect', askServer)
    }
  })
}

/** While impersonating, the first chat becomes current (spec section 4, 'Dashboard data loading'). */
function useFirstChatCurrent() {
  const chatId = useCurrentChatId()
  const first = useInfiniteQuery(chatsQuery('')).data?.pages[0]?.chats[0]?.id
  const selectChat = useSelectChat()
  const done = useRef(false)
  useEffect(() => {
    if (done.current || chatId || !first) return
    done.current = true
    selectChat(first, { replace: true })
  }, [chatId, first, selectChat])
}
