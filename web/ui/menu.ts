/** Shared look of Radix menu content and items (dropdowns and selects). */
export const menuContentClass =
  'z-50 min-w-48 overflow-hidden rounded-xl border border-zinc-200 bg-white p-1 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900'

export const menuItemClass =
  'flex cursor-default select-none items-center gap-2 rounded-md px-2.5 py-2 text-zinc-800 outline-none data-[highlighted]:bg-zinc-100 data-[disabled]:opacity-50 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800'

/** A menu's heading (a label above a group of items). */
export const menuLabelClass = 'px-2.5 py-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400'
