import type * as Radix from '@radix-ui/react-dropdown-menu'
import {
  type ComponentProps,
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type Ref,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react'

/**
 * Radix's dropdown menu, loaded on first use (issue 35, decision 180). The menu, its popper and
 * floating-ui are about 18 KB of gzip that the chat page would otherwise fetch before anyone opens
 * a menu. This module has Radix's API (`import * as DropdownMenu from '../ui/dropdown-menu'`):
 * until the chunk is in, a Trigger is a plain button that looks and reads the same (closed, "has a
 * menu popup") and every other part renders nothing, as a closed menu does. Pointing at a trigger
 * or focusing it fetches the chunk; pressing it (pointer, Enter, Space, Arrow Down) opens the menu
 * as soon as it has arrived, with the first item focused when a key opened it, as Radix does.
 */
type RadixModule = typeof Radix

/** Marks the triggers, ours and Radix's, to find the one that had the focus. */
const TRIGGER = 'data-menu-trigger'

const triggers = () => [...document.querySelectorAll<HTMLElement>(`[${TRIGGER}]`)]
/** The place among the triggers of the one that had the focus when the code arrived. */
let refocus: number | null = null

let radix: RadixModule | null = null
let loading: Promise<RadixModule> | null = null
const listeners = new Set<() => void>()

/** What some menu's contents need besides Radix (see loadWithMenus). */
const companions: (() => Promise<unknown>)[] = []

/**
 * Code that a menu's contents need (an item that is a chunk of its own): fetched with the menus'
 * own code, so that the menu opens with it in. A companion that fails to arrive holds no menu back.
 */
export function loadWithMenus(load: () => Promise<unknown>) {
  companions.push(load)
  // The menus' code is already in or on its way: this one follows at once.
  if (loading) void load().catch(() => {})
}

/** Fetches the menu's code (once; again after a failed fetch). */
export function loadDropdownMenu(): Promise<RadixModule> {
  loading ??= Promise.all([
    import('@radix-ui/react-dropdown-menu'),
    ...companions.map((load) => load().catch(() => {})),
  ]).then(
    ([module]) => {
      // Every trigger on the page is replaced by Radix's own (a new element): the one that had the
      // focus (a keyboard user tabbed to it, which fetched the code) gets it back in the commit
      // that replaces it (see Trigger), before a key pressed next can land on the page's body.
      const focused = triggers().indexOf(document.activeElement as HTMLElement)
      refocus = focused >= 0 ? focused : null
      radix = module
      for (const listener of listeners) listener()
      // No trigger took it (none rendered again): nothing to give back later.
      setTimeout(() => {
        refocus = null
      })
      return module
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function useRadix(): RadixModule | null {
  return useSyncExternalStore(
    subscribe,
    () => radix,
    () => radix,
  )
}

type OpenedBy = 'pointer' | 'keyboard'
const AskToOpen = createContext<(by: OpenedBy) => void>(() => {})

export function Root({ open, defaultOpen, onOpenChange, children, ...rest }: Radix.DropdownMenuProps) {
  const module = useRadix()
  const [asked, setAsked] = useState<OpenedBy | null>(null)
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false)
  const controlled = open !== undefined
  const isOpen = controlled ? open : ownOpen
  const setOpen = (next: boolean) => {
    if (!controlled) setOwnOpen(next)
    onOpenChange?.(next)
  }
  // Opened (by a press, or by the caller) before the code is in: fetch it now.
  useEffect(() => {
    if (!module && (asked || isOpen)) void loadDropdownMenu().catch(() => setAsked(null))
  }, [module, asked, isOpen])
  // The code has arrived and Radix's root is mounted: open the menu that was asked for. Radix
  // focuses the first item only when it saw a key pressed, through a keydown listener on the
  // document that its root added just now (after the press): it is told so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the code arrives for a press
  useEffect(() => {
    if (!module || !asked) return
    if (asked === 'keyboard') document.dispatchEvent(new window.KeyboardEvent('keydown'))
    setAsked(null)
    setOpen(true)
  }, [module, asked])
  if (!module) return <AskToOpen.Provider value={setAsked}>{children}</AskToOpen.Provider>
  return (
    <module.Root {...rest} open={isOpen} onOpenChange={setOpen}>
      {children}
    </module.Root>
  )
}

type TriggerProps = Radix.DropdownMenuTriggerProps & { ref?: Ref<HTMLButtonElement> }
type ButtonProps = ComponentProps<'button'>

/** Calls the caller's handler first; ours unless it prevented the default, as Radix composes them. */
function both<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
) {
  return (event: E) => {
    theirs?.(event)
    if (!event.defaultPrevented) ours(event)
  }
}

export function Trigger({ asChild, children, ...props }: TriggerProps) {
  const module = useRadix()
  const ask = useContext(AskToOpen)
  // After the commit that put Radix's triggers in: the first to get here gives the focus back.
  useLayoutEffect(() => {
    if (!module || refocus === null) return
    const trigger = triggers()[refocus]
    refocus = null
    if (document.activeElement === document.body || document.activeElement === null) trigger?.focus()
  }, [module])
  if (module)
    return (
      <module.Trigger asChild={asChild} {...props} {...{ [TRIGGER]: '' }}>
        {children}
      </module.Trigger>
    )
  // With asChild the child is the button: its own props win and its handlers run first, as
  // Radix's Slot merges them.
  const child = asChild && isValidElement(children) ? (children as ReactElement<ButtonProps>) : null
  const theirs: ButtonProps = child ? { ...props, ...child.props } : props
  const prefetch = () => void loadDropdownMenu().catch(() => {})
  const own: ButtonProps & Record<`data-${string}`, string | undefined> = {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    [TRIGGER]: '',
    'data-disabled': theirs.disabled ? '' : undefined,
    onPointerEnter: both(theirs.onPointerEnter, prefetch),
    onFocus: both(theirs.onFocus, prefetch),
    // As Radix's trigger: the left button without Ctrl opens; the default is prevented so the
    // trigger does not take focus from the menu.
    onPointerDown: both(theirs.onPointerDown, (event) => {
      if (theirs.disabled || event.button !== 0 || event.ctrlKey) return
      event.preventDefault()
      ask('pointer')
    }),
    onKeyDown: both(theirs.onKeyDown, (event) => {
      if (theirs.disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return
      event.preventDefault()
      ask('keyboard')
    }),
  }
  if (child) return cloneElement(child, { ...theirs, ...own })
  return (
    <button {...props} {...own}>
      {children}
    </button>
  )
}

/** A part shown only inside an open menu: nothing until the code is in (a closed menu shows none). */
function part<K extends keyof RadixModule>(name: K): RadixModule[K] {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module scope below
  // biome-ignore lint/suspicious/noExplicitAny: the part's own props, passed through whole
  function Part(props: any) {
    const module = useRadix()
    if (!module) return null
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const Real = module[name] as any
    return <Real {...props} />
  }
  Part.displayName = `DropdownMenu.${name}`
  return Part as unknown as RadixModule[K]
}

export const Portal = part('Portal')
export const Content = part('Content')
export const Item = part('Item')
export const Label = part('Label')
export const Separator = part('Separator')
export const Group = part('Group')
export const RadioGroup = part('RadioGroup')
export const RadioItem = part('RadioItem')
export const CheckboxItem = part('CheckboxItem')
export const ItemIndicator = part('ItemIndicator')
export const Sub = part('Sub')
export const SubTrigger = part('SubTrigger')
export const SubContent = part('SubContent')
