import { useNavigate, useParams } from '@tanstack/react-router'
import { useCallback } from 'react'

/** The current chat lives in the URL (`/c/<id>`), so a reload keeps it. */
export function useCurrentChatId(): string | undefined {
  return useParams({ strict: false }).chatId
}

export function useSelectChat() {
  const navigate = useNavigate()
  return useCallback(
    (chatId: string | null, options: { replace?: boolean } = {}) =>
      chatId
        ? navigate({ to: '/c/$chatId', params: { chatId }, replace: options.replace })
        : navigate({ to: '/', replace: options.replace }),
    [navigate],
  )
}
