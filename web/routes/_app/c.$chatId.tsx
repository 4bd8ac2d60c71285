import { createFileRoute } from '@tanstack/react-router'

/** A chat by id, so a reload or a shared link reopens the same conversation. */
export const Route = createFileRoute('/_app/c/$chatId')({ component: () => null })
