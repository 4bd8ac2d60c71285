import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { MessageId } from '../../i18n/catalogue'

/** The palette's sections, in the order they are listed. */
export const GROUPS = ['actions', 'recent', 'chats', 'messages', 'models'] as const
export type Group = (typeof GROUPS)[number]

export const GROUP_LABEL = {
  actions: 'search.palette.actions',
  recent: 'search.palette.recent',
  chats: 'search.palette.chats',
  messages: 'search.palette.results',
  models: 'search.palette.models',
} as const satisfies Record<Group, MessageId>

/** One row of the palette's listbox: what it reads and what choosing it does. */
export interface PaletteOption {
  id: string
  group: Group
  label: string
  detail?: ReactNode
  /** Beside the label: e.g. that a found chat is archived. */
  badge?: ReactNode
  Icon: LucideIcon
  /** Keeps the palette open (e.g. "Switch model…" lists the models in it). */
  keepOpen?: boolean
  run: () => void
}

/** Lower case without accents, for matching the actions' names to what is typed. */
export function folded(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
}

/** Options grouped in listing order, each group's options in their order. */
export function inGroups(options: PaletteOption[]): { group: Group; options: PaletteOption[] }[] {
  return GROUPS.map((group) => ({
    group,
    options: options.filter((option) => option.group === group),
  })).filter((section) => section.options.length > 0)
}
