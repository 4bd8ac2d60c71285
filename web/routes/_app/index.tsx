import { createFileRoute } from '@tanstack/react-router'

/** No chat chosen: the dashboard shows the welcome (or picks the first chat). */
export const Route = createFileRoute('/_app/')({ component: () => null })
