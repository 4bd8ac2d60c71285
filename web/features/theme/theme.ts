import { useSyncExternalStore } from 'react'

export type ThemePreference = 'light' | 'dark' | 'system'

const KEY = 'theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'
const listeners = new Set<() => void>()

export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system'
}

export function readThemePreference(): ThemePreference {
  const stored = localStorage.getItem(KEY)
  return isThemePreference(stored) ? stored : 'system'
}

/** Remembers the preference in this browser and repaints at once. */
export function setThemePreference(preference: ThemePreference) {
  localStorage.setItem(KEY, preference)
  applyTheme()
  for (const listener of listeners) listener()
}

/** Puts the `dark` class on <html> for dark, or for system when the OS is dark. */
export function applyTheme() {
  const preference = readThemePreference()
  const dark = preference === 'dark' || (preference === 'system' && window.matchMedia(DARK_QUERY).matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
}

/** Follows OS changes while the preference is 'system'. Called once at start-up. */
export function watchSystemTheme() {
  window.matchMedia(DARK_QUERY).addEventListener('change', applyTheme)
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, readThemePreference)
}
